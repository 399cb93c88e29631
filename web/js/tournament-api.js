// TournamentService calls from the tournament page, with the arbiter's token
// (kept in sessionStorage: it stays with this tab and leaves with it).
import {call} from './api.js';

const TOKEN_KEY = 'caipan.arbiterToken';

export function arbiterToken() {
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

export function setArbiterToken(token) {
  if (token) {
    sessionStorage.setItem(TOKEN_KEY, token);
  } else {
    sessionStorage.removeItem(TOKEN_KEY);
  }
}

// Calls on their way: the page's main region is aria-busy meanwhile.
let pending = 0;

function setPending(delta) {
  pending += delta;
  document.getElementById('main')?.setAttribute(
      'aria-busy', String(pending > 0));
}

async function tournamentCall(method, request) {
  setPending(1);
  try {
    return await call('TournamentService', method, request);
  } finally {
    setPending(-1);
  }
}

// A change: the arbiter's token goes with it (the server answers
// unauthenticated without one, and the page shows that answer).
function change(method, request) {
  return tournamentCall(method, {token: arbiterToken(), ...request});
}

// 32 hex digits: a retried create with the same id gets the same event.
export function newRequestId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// A random draw seed (uint64, as protobuf's JSON writes it: a string).
export function newDrawSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  const seed = (BigInt(high) << 32n) | BigInt(low);
  return String(seed === 0n ? 1n : seed);
}

export const createTournament = (request) =>
    change('CreateTournament', {requestId: newRequestId(), ...request});

export const getTournament = (name) => tournamentCall('GetTournament', {name});

export const listTournaments = (pageToken = '') =>
    tournamentCall('ListTournaments', pageToken ? {pageToken} : {});

export const addPlayers = (tournament, players, csv = '') =>
    change('AddPlayers', csv ? {tournament, csv} : {tournament, players});

// `fields`: number, and present, withdraw or fouls (those left out stay as
// they are), reason.
export const setPlayerStatus = (tournament, fields) =>
    change('SetPlayerStatus', {tournament, ...fields});

// `startTimeUnixMs`: when the round's clocks start (0: at once).
export const pairRound = (tournament, round, withoutGames, startTimeUnixMs = 0) =>
    change('PairRound', {tournament, round, withoutGames,
                         startTimeUnixMs: String(startTimeUnixMs)});

// Starts a round scheduled ahead now (the arbiter's call).
export const startRound = (tournament, round) =>
    change('StartRound', {tournament, round});

// With a token the answer holds the players' game tokens.
export function getRound(tournament, round) {
  const request = {tournament, round};
  const token = arbiterToken();
  if (token) request.token = token;
  return tournamentCall('GetRound', request);
}

export const recordResult = (tournament, round, table, result, reason) =>
    change('RecordResult', {tournament, round, table, result, reason});

export const getStandings = (tournament, afterRound) =>
    tournamentCall('GetStandings', {tournament, afterRound});

export const exportTournament = (tournament, format, round = 0) =>
    tournamentCall('ExportTournament', {tournament, format, round});
