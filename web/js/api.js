// The caipan API from a browser: Connect unary calls with JSON bodies, and the
// WebSocket streams (PlayGame, WatchGame) of the gateway (docs/gateway.md).

// An error answer: `code` is the Connect code ("invalid_argument", ...);
// `reason` the stable reason of the details' google.rpc.ErrorInfo
// ("STALE_PLY", "CLOCKS_PAUSED", ...; '' when none); `network` whether the
// server was not reached at all (the browser's fetch failed or the socket
// closed), so nothing the server said is in it.
export class ApiError extends Error {
  constructor(code, message, details = [], {network = false} = {}) {
    super(message);
    this.code = code;
    this.details = details;
    this.reason = errorInfoReason(details);
    this.network = network;
  }
}

// The bytes of a base64 value as Connect writes it (no padding; the URL
// alphabet accepted too), or null.
function base64Bytes(text) {
  try {
    const plain = String(text).replace(/-/g, '+').replace(/_/g, '/');
    const padded = plain + '='.repeat((4 - plain.length % 4) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  } catch (e) {
    return null;
  }
}

// The reason (field 1, a string) of a serialized google.rpc.ErrorInfo, or ''.
function errorInfoReason(details) {
  for (const detail of Array.isArray(details) ? details : []) {
    if (!String(detail?.type ?? '').endsWith('google.rpc.ErrorInfo')) continue;
    if (typeof detail.debug?.reason === 'string') return detail.debug.reason;
    const bytes = base64Bytes(detail.value ?? '');
    if (!bytes) continue;
    let at = 0;
    const varint = () => {
      let value = 0;
      for (let shift = 0; at < bytes.length && shift < 35; shift += 7) {
        const byte = bytes[at++];
        value += (byte & 0x7f) * 2 ** shift;
        if (!(byte & 0x80)) break;
      }
      return value;
    };
    while (at < bytes.length) {
      const key = varint();
      const wire = key & 7;
      if (wire === 2) {
        const length = varint();
        const field = bytes.subarray(at, at + length);
        at += length;
        if (key >> 3 === 1) return new TextDecoder().decode(field);
      } else if (wire === 0) {
        varint();
      } else {
        break;  // not an ErrorInfo as we know it
      }
    }
  }
  return '';
}

// Calls `service`.`method` ("AdjudicationService", "CheckMove") with the
// request object; resolves to the response object or rejects with ApiError.
// A call about a game (its request's `name` is "games/...") names the game in
// the header caipan-game, so that a balancer in front of several servers
// sends every call about the game to the same one (deploy/haproxy.cfg.in).
export async function call(service, method, request = {}, options = {}) {
  const timeoutMs = options.timeoutMs ?? 30000;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers = {
    'Content-Type': 'application/json',
    'Connect-Protocol-Version': '1',
    'Connect-Timeout-Ms': String(timeoutMs),
  };
  if (typeof request.name === 'string' && request.name.startsWith('games/')) {
    headers['caipan-game'] = request.name;
  }
  let response;
  try {
    response = await fetch(`/caipan.v1.${service}/${method}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
      signal: controller.signal,
    });
  } catch (e) {
    throw new ApiError(
        controller.signal.aborted ? 'deadline_exceeded' : 'unavailable',
        String(e.message || e), [], {network: true});
  } finally {
    clearTimeout(timer);
  }
  let body = null;
  try {
    body = await response.json();
  } catch (e) {
    body = null;
  }
  if (!response.ok) {
    throw new ApiError(body?.code ?? 'unknown',
                       body?.message ?? `HTTP ${response.status}`,
                       body?.details ?? []);
  }
  return body ?? {};
}

function socketUrl(path) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}`;
}

// Opens a stream over the gateway's WebSocket at /ws/caipan.v1.`service`/
// `method`. `onMessage(response)` for each answer, `onEnd(error|null)` once
// when the call ends (error: an ApiError; null: ended well). `game`, the
// name of the game the stream is about ("games/..."), goes in the URL as
// ?game=..., the balancer's key where a browser cannot set a header (see
// call). Returns {send(request), end(), close()}.
export function openStream(service, method, {onMessage, onEnd, onOpen, game}) {
  const query = game ? `?game=${encodeURIComponent(game)}` : '';
  const socket = new WebSocket(
      socketUrl(`/ws/caipan.v1.${service}/${method}${query}`));
  const pending = [];
  let ended = false;
  const finish = (error) => {
    if (ended) return;
    ended = true;
    onEnd?.(error);
  };
  socket.onopen = () => {
    for (const frame of pending.splice(0)) socket.send(frame);
    onOpen?.();
  };
  socket.onmessage = (event) => {
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch (e) {
      finish(new ApiError('internal', 'the server sent a frame that is not JSON'));
      socket.close();
      return;
    }
    if (frame.message) onMessage?.(frame.message);
    if (frame.end) {
      const error = frame.end.error;
      finish(error ? new ApiError(error.code, error.message, error.details ?? [])
                   : null);
    }
  };
  socket.onclose = () => finish(new ApiError(
      'unavailable', 'the connection closed', [], {network: true}));
  const sendFrame = (frame) => {
    const text = JSON.stringify(frame);
    if (socket.readyState === WebSocket.OPEN) {
      socket.send(text);
    } else if (socket.readyState === WebSocket.CONNECTING) {
      pending.push(text);
    }
  };
  return {
    send: (request) => sendFrame({message: request}),
    end: () => sendFrame({end: {}}),
    close: () => {
      ended = true;
      socket.close();
    },
  };
}

// Watches a live game and keeps watching: when the socket drops, it reopens
// it after `retryMs` with afterSequence = the last event's sequence, so no
// event is missed or repeated. `onSnapshot(game)` and `onEvent(event, game)`,
// where `game` is the server's state right after the event (without moves),
// sent with every event that was the game's last when written;
// `onStatus('live'|'reconnecting'|'ended', error)`. Returns {stop()}.
export function watchGame(name, token, {onSnapshot, onEvent, onStatus},
                          retryMs = 1000) {
  let lastSequence = 0;
  let stopped = false;
  let stream = null;
  const open = () => {
    stream = openStream('GameService', 'WatchGame', {
      game: name,
      onOpen: () => onStatus?.('live', null),
      onMessage: (response) => {
        if (response.snapshot) {
          lastSequence = Number(response.snapshot.lastSequence ?? 0);
          onSnapshot?.(response.snapshot);
        }
        if (response.event) {
          lastSequence = Number(response.event.sequence);
          onEvent?.(response.event, response.game ?? null);
        }
      },
      onEnd: (error) => {
        if (stopped) return;
        // A watch that ends well is over (the game has finished); one that
        // drops or idles out resumes after the last event seen.
        const retry = error !== null &&
            ['unavailable', 'deadline_exceeded'].includes(error.code);
        if (retry) {
          onStatus?.('reconnecting', error);
          setTimeout(() => !stopped && open(), retryMs);
        } else {
          onStatus?.('ended', error);
        }
      },
    });
    const request = {name, afterSequence: String(lastSequence)};
    if (token) request.token = token;
    stream.send(request);
  };
  open();
  return {
    stop: () => {
      stopped = true;
      stream?.close();
    },
  };
}
