/**
 * Reading JSON text with errors a person can act on: where `JSON.parse` fails, the message names
 * the line and column (1-based) of the first character that is not valid JSON.
 */

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
  try {
    return JSON.parse(text);
  } catch {
    const fault = locateJsonFault(text);
    const { line, column } = lineAndColumn(text, fault.offset);
    throw new JsonSyntaxError(`${source}:${line}:${column}: invalid JSON: ${fault.problem}`, line, column);
  }
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
 * Walks the text by the JSON grammar (RFC 8259) and reports the first place it breaks. Only
 * called once `JSON.parse` has refused the text, whose own messages do not always carry a
 * position.
 */
export function locateJsonFault(text: string): JsonFault {
  let at = 0;
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
        const escape = text[at + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) fail('a \\u escape without four hex digits');
          at += 6;
          continue;
        }
        if (escape === undefined || !'"\\/bfnrt'.includes(escape)) fail(`an unknown escape \\${escape ?? ''}`);
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
  const readValue = (): void => {
    skipSpace();
    const char = text[at];
    if (char === '{') return readObject();
    if (char === '[') return readArray();
    if (char === '"') return readString();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return;
      }
    }
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return readNumber();
    fail(`expected a value, found ${describeHere()}`);
  };
  const readObject = (): void => {
    at++;
    skipSpace();
    if (text[at] === '}') {
      at++;
      return;
    }
    for (;;) {
      skipSpace();
      if (text[at] !== '"') fail(`expected a "quoted" key, found ${describeHere()}`);
      readString();
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
  // the grammar walk accepted what JSON.parse refused (a lone surrogate, say): point at the start
  return { offset: 0, problem: 'the text is not valid JSON' };
}
