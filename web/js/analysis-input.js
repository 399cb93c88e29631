// Reads an uploaded record file as text. The API takes the record as a
// string, so the bytes are decoded here: UTF-8 when they are valid UTF-8,
// otherwise GBK (GB18030) or Big5, whichever reads as more xiangqi text —
// or the encoding the user picked. Binary formats (XQF) cannot go as text.

import {register} from './i18n.js';

register({
  'input.binary': {
    zh: '这是二进制文件（如 XQF），不能作为文本提交；请先转换为 PGN（caipan xiangqi convert）。',
    en: 'This is a binary file (such as XQF) and cannot be sent as text; ' +
        'convert it to PGN first (caipan xiangqi convert).',
  },
  'input.undecodable': {
    zh: '无法按 {encoding} 解码此文件。',
    en: 'The file cannot be decoded as {encoding}.',
  },
});

// Characters common in xiangqi records in simplified and traditional
// script: the better decoding has more of them.
const RECORD_CHARS = new Set(
    '车馬马炮砲兵卒帅帥将將仕士相象進进退平一二三四五六七八九红紅黑胜勝负負和'
    .split(''));

function decode(bytes, encoding) {
  try {
    return new TextDecoder(encoding, {fatal: true}).decode(bytes);
  } catch (e) {
    return null;
  }
}

function recordScore(text) {
  let score = 0;
  for (const ch of text) if (RECORD_CHARS.has(ch)) score += 1;
  return score;
}

// An Error whose message key names what went wrong (the page translates
// it); `params` fill the text.
export class InputError extends Error {
  constructor(key, params = {}) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

// Whether the bytes look binary (NUL bytes in the first kilobyte).
function looksBinary(bytes) {
  const head = bytes.subarray(0, 1024);
  return head.includes(0);
}

// The text of `bytes` (Uint8Array) in `encoding` ('auto', 'utf-8', 'gbk',
// 'big5'). Throws InputError.
function decodeRecord(bytes, encoding = 'auto') {
  if (looksBinary(bytes)) throw new InputError('input.binary');
  if (encoding !== 'auto') {
    const text = decode(bytes, encoding === 'gbk' ? 'gb18030' : encoding);
    if (text === null) throw new InputError('input.undecodable', {encoding});
    return text.replace(/^\uFEFF/, '');
  }
  const utf8 = decode(bytes, 'utf-8');
  if (utf8 !== null) return utf8.replace(/^\uFEFF/, '');
  const candidates = [decode(bytes, 'gb18030'), decode(bytes, 'big5')]
                         .filter((text) => text !== null);
  if (!candidates.length) {
    throw new InputError('input.undecodable', {encoding: 'UTF-8/GBK/Big5'});
  }
  candidates.sort((a, b) => recordScore(b) - recordScore(a));
  return candidates[0];
}

// Reads a File (from an <input type="file">) with FileReader.
export function readRecordFile(file, encoding = 'auto') {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      try {
        resolve(decodeRecord(new Uint8Array(reader.result), encoding));
      } catch (error) {
        reject(error);
      }
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}
