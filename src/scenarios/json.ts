/**
 * Reading JSON text with errors a person can act on: where `JSON.parse` fails, the message names
 * the line and column (1-based) of the first character that is not valid JSON. Text JSON.parse
 * accepts is refused too when a key repeats in one object (JSON.parse would keep the last and
 * drop the others without a word) or when it nests deeper than MAX_JSON_DEPTH. A UTF-8 byte-order
 * mark at the start is skipped.
 */

/** arrays and objects inside one another, at most (a scenario needs four) */
export const MAX_JSON_DEPTH = 256;

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    /** 1-based line and column of the offending character (or the end of the text) */
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

/** Parses JSON; throws JsonSyntaxError naming `source`, the line and the column on bad text. */
export function parseJsonText(text: string, source: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw syntaxError(body, source, locateJsonFault(body));
  }
  const fault = scanJson(body, true);
  if (fault !== null) throw syntaxError(body, source, fault);
  return value;
}

function syntaxError(text: string, source: string, fault: JsonFault): JsonSyntaxError {
  const { line, column } = lineAndColumn(text, fault.offset);
  return new JsonSyntaxError(`${source}:${line}:${column}: invalid JSON: ${fault.problem}`, line, column);
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

interface JsonFault {
  offset: number;
  problem: string;
}

/**
 * The first place the text breaks the JSON grammar (RFC 8259) or nests too deep. Called once
 * `JSON.parse` has refused the text, whose own messages do not always carry a position.
 */
export function locateJsonFault(text: string): JsonFault {
  // the grammar walk accepted what JSON.parse refused (a lone surrogate, say): point at the start
  return scanJson(text, false) ?? { offset: 0, problem: 'the text is not valid JSON' };
}

/**
 * Walks the text by the JSON grammar and returns the first fault, or null: a syntax error, nesting
 * deeper than MAX_JSON_DEPTH, and with `duplicates` a key that repeats in one object.
 */
function scanJson(text: string, duplicates: boolean): JsonFault | null {
  let at = 0;
  let depth = 0;
  const fail = (problem: string, offset = at): never => {
    throw { offset, problem } satisfies JsonFault;
  };
  const describeHere = (): string =>
    at >= text.length ? 'the end of the text' : `${JSON.stringify(text[at])}`;
  const skipSpace = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const expectChar = (char: string, what: string): void => {
    skipSpace();
    if (text[at] !== char) fail(`expected ${what}, found ${describeHere()}`);
    at++;
  };
  const readString = (): void => {
    at++; // opening quote
    while (at < text.length) {
      const char = text[at]!;
      if (char === '"') {
        at++;
        return;
      }
      if (char.charCodeAt(0) < 0x20) fail('a line break or control character inside a string');
      if (char === '\\') {
        const escaped = text[at + 1];
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) fail('a \\u escape without four hex digits');
          at += 6;
          continue;
        }
        if (escaped === undefined || !'"\\/bfnrt'.includes(escaped)) fail(`an unknown escape \\${escaped ?? ''}`);
        at += 2;
        continue;
      }
      at++;
    }
    fail('a string that is never closed');
  };
  const readNumber = (): void => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (match === null || match[0] === '' || match[0] === '-') fail(`expected a value, found ${describeHere()}`);
    at += match![0].length;
  };
  const nested = (read: () => void): void => {
    if (++depth > MAX_JSON_DEPTH) fail(`arrays and objects nested deeper than ${MAX_JSON_DEPTH} levels`);
    read();
    depth--;
  };
  const readValue = (): void => {
    skipSpace();
    const char = text[at];
    if (char === '{') nested(readObject);
    else if (char === '[') nested(readArray);
    else if (char === '"') readString();
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) readNumber();
    else {
      const word = ['true', 'false', 'null'].find((candidate) => text.startsWith(candidate, at));
      if (word === undefined) fail(`expected a value, found ${describeHere()}`);
      at += word!.length;
    }
  };
  const readObject = (): void => {
    at++;
    skipSpace();
    if (text[at] === '}') {
      at++;
      return;
    }
    const keys = duplicates ? new Set<string>() : null;
    for (;;) {
      skipSpace();
      if (text[at] !== '"') fail(`expected a "quoted" key, found ${describeHere()}`);
      const keyStart = at;
      readString();
      if (keys !== null) {
        const key = JSON.parse(text.slice(keyStart, at)) as string;
        if (keys.has(key)) fail(`the key ${JSON.stringify(key)} appears twice in one object (only one can be meant)`, keyStart);
        keys.add(key);
      }
      expectChar(':', "':' after the key");
      readValue();
      skipSpace();
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === '}') {
        at++;
        return;
      }
      fail(`expected ',' or '}', found ${describeHere()}`);
    }
  };
  const readArray = (): void => {
    at++;
    skipSpace();
    if (text[at] === ']') {
      at++;
      return;
    }
    for (;;) {
      readValue();
      skipSpace();
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === ']') {
        at++;
        return;
      }
      fail(`expected ',' or ']', found ${describeHere()}`);
    }
  };
  try {
    readValue();
    skipSpace();
    if (at < text.length) fail(`unexpected ${describeHere()} after the JSON value`);
  } catch (fault) {
    if (typeof fault === 'object' && fault !== null && 'offset' in fault) return fault as JsonFault;
    throw fault;
  }
  return null;
}
