/**
 * An object graph as plain JSON, and back: what a saved simulation's engine part is made of
 * (save.ts). It imports nothing, and knows nothing of the engine.
 *
 * Every object reached from the root is written once, in a table, and referred to by its place
 * there, so shared objects stay shared and cycles are fine. What it carries exactly, bit for bit:
 * numbers (NaN, infinities and -0 too), strings, booleans, null and undefined; arrays (holes
 * kept as holes); plain objects and objects of the classes it is told (their own enumerable
 * fields, in order, on the class's prototype); Map and Set (in their order); typed arrays (their
 * bytes, which must fill their buffer); frozen objects stay frozen.
 *
 * What code holds cannot be written: a function, or an object whose identity closures rely on.
 * The caller names those *anchors*. A `keep` anchor is written as its name and read back as
 * the reader's object of that name, as it is (a function, a strategy, a listener set). A `merge`
 * anchor is written whole, and read back *into* the reader's object of that name: the object
 * keeps its identity, its fields (an array's items, a map's entries) become the saved ones.
 * Anything else it cannot write (a function, a symbol key, a getter, a typed array sharing its
 * buffer) is refused with the path to it.
 */

/** A value as written. */
export type GraphValue = number | string | boolean | null | { readonly r: number } | { readonly n: 'NaN' | 'Infinity' | '-Infinity' | '-0' } | { readonly u: 1 } | { readonly x: string };

/** An object as written (one of): an array, an object (of a class, frozen, merged into an
 * anchor), a Map, a Set, a typed array, or an object a class codec made. */
export type GraphObject =
  | { readonly a: GraphValue[]; readonly holes?: number[]; readonly m?: string }
  | { readonly o: Record<string, GraphValue>; readonly c?: string; readonly z?: 1; readonly m?: string }
  | { readonly map: GraphValue[]; readonly m?: string }
  | { readonly set: GraphValue[]; readonly m?: string }
  | { readonly t: TypedArrayName; readonly b: string }
  | { readonly k: string; readonly v: GraphValue[] };

export interface EncodedGraph {
  readonly objects: GraphObject[];
  readonly root: GraphValue;
  /** per side table: its entries for the objects written, as [key, value] pairs */
  readonly tables: Record<string, GraphValue[]>;
}

/**
 * A table kept beside the objects, keyed by them (a WeakMap a module keeps of its own): the
 * entries of the objects written are written too, and set again for the objects read.
 */
export interface SideTable {
  get(key: object): unknown;
  set(key: object, value: unknown): unknown;
}

/**
 * Objects written another way than by their fields: a class with private fields, an object with
 * accessors. `parts` gives what to write; `make` the object as read, as soon as every object is
 * made (the parts' objects may not be filled yet: it must only keep them); `complete`, when
 * given, runs once every other object is filled, and may read them.
 */
export interface ObjectCodec<T extends object = object> {
  matches(value: object): boolean;
  parts(value: T): unknown[];
  make(parts: unknown[]): T;
  complete?(value: T, parts: unknown[]): void;
}

export interface GraphWriteOptions {
  /** objects and functions written as their names, read back as the reader's */
  readonly keep: ReadonlyMap<object, string>;
  /** objects written whole and read back into the reader's objects of the same names */
  readonly merge: ReadonlyMap<object, string>;
  /** classes whose objects may be written, by name: plain fields */
  readonly classes: Readonly<Record<string, object>>;
  /** objects written through a codec, by the codec's name */
  readonly codecs: Readonly<Record<string, ObjectCodec<never>>>;
  readonly tables: Readonly<Record<string, SideTable>>;
}

export interface GraphReadOptions {
  /** the reader's objects for `keep` names; more may come at `finish` */
  readonly keep: ReadonlyMap<string, unknown>;
  readonly merge: ReadonlyMap<string, object>;
  readonly classes: Readonly<Record<string, object>>;
  readonly codecs: Readonly<Record<string, ObjectCodec<never>>>;
  readonly tables: Readonly<Record<string, SideTable>>;
}

const TYPED_ARRAYS = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
} as const;
type TypedArrayName = keyof typeof TYPED_ARRAYS;
type TypedArray = InstanceType<(typeof TYPED_ARRAYS)[TypedArrayName]>;

const OBJECT_PROTOTYPE = Object.prototype;

/** Writes the graph reached from `root`. Throws, naming the path, for what it cannot write. */
export function writeGraph(root: unknown, options: GraphWriteOptions): EncodedGraph {
  const objects: GraphObject[] = [];
  const places = new Map<object, number>();
  const classNames = new Map<object, string>();
  for (const [name, prototype] of Object.entries(options.classes)) classNames.set(prototype, name);
  const codecs = Object.entries(options.codecs) as Array<[string, ObjectCodec]>;
  const queue: Array<{ value: object; path: string; place: number }> = [];

  const value = (item: unknown, path: string): GraphValue => {
    switch (typeof item) {
      case 'number':
        if (Number.isNaN(item)) return { n: 'NaN' };
        if (item === Infinity) return { n: 'Infinity' };
        if (item === -Infinity) return { n: '-Infinity' };
        if (Object.is(item, -0)) return { n: '-0' };
        return item;
      case 'string':
      case 'boolean':
        return item;
      case 'undefined':
        return { u: 1 };
      case 'object':
      case 'function': {
        if (item === null) return null;
        const kept = options.keep.get(item);
        if (kept !== undefined) return { x: kept };
        if (typeof item === 'function') throw new Error(`${path}: a function (${item.name || 'anonymous'}) cannot be saved`);
        let place = places.get(item);
        if (place === undefined) {
          place = objects.length;
          places.set(item, place);
          objects.push(null as unknown as GraphObject);
          queue.push({ value: item, path, place });
        }
        return { r: place };
      }
      default:
        throw new Error(`${path}: a ${typeof item} cannot be saved`);
    }
  };

  const rootValue = value(root, 'root');
  const tables: Record<string, GraphValue[]> = {};
  const sides = Object.entries(options.tables);
  for (const [name] of sides) tables[name] = [];
  for (let next = 0; next < queue.length; next++) {
    const { value: item, path, place } = queue[next]!;
    objects[place] = writeObject(item, path, value, options.merge.get(item), classNames, codecs);
    for (const [name, table] of sides) {
      const entry = table.get(item);
      if (entry !== undefined) tables[name]!.push({ r: place }, value(entry, `${path}.<${name}>`));
    }
  }
  return { objects, root: rootValue, tables };
}

function writeObject(
  item: object,
  path: string,
  value: (item: unknown, path: string) => GraphValue,
  merge: string | undefined,
  classNames: ReadonlyMap<object, string>,
  codecs: ReadonlyArray<[string, ObjectCodec]>,
): GraphObject {
  const m = merge === undefined ? {} : { m: merge };
  if (ArrayBuffer.isView(item)) {
    const view = item as unknown as ArrayBufferView;
    const name = view.constructor.name as TypedArrayName;
    const known: unknown = TYPED_ARRAYS[name];
    if (known === undefined || view.constructor !== known) throw new Error(`${path}: a ${view.constructor.name} cannot be saved`);
    if (view.byteOffset !== 0 || view.byteLength !== view.buffer.byteLength) throw new Error(`${path}: a typed array sharing its buffer cannot be saved`);
    return { t: name, b: toBase64(new Uint8Array(view.buffer, 0, view.byteLength)) };
  }
  if (Array.isArray(item)) {
    const items: GraphValue[] = [];
    const holes: number[] = [];
    for (let index = 0; index < item.length; index++) {
      if (!(index in item)) {
        holes.push(index);
        items.push(0);
      } else items.push(value(item[index], `${path}[${index}]`));
    }
    if (Object.keys(item).length !== item.length - holes.length) throw new Error(`${path}: an array with fields of its own cannot be saved`);
    return holes.length > 0 ? { a: items, holes, ...m } : { a: items, ...m };
  }
  if (item instanceof Map) {
    const entries: GraphValue[] = [];
    let index = 0;
    for (const [key, entry] of item) {
      entries.push(value(key, `${path}.<key ${index}>`), value(entry, `${path}.<entry ${index}>`));
      index++;
    }
    return { map: entries, ...m };
  }
  if (item instanceof Set) {
    const entries: GraphValue[] = [];
    let index = 0;
    for (const entry of item) entries.push(value(entry, `${path}.<item ${index++}>`));
    return { set: entries, ...m };
  }
  const prototype = Object.getPrototypeOf(item) as object | null;
  for (const [codecName, codec] of codecs) {
    if (!codec.matches(item)) continue;
    const parts = codec.parts(item);
    return { k: codecName, v: parts.map((part, index) => value(part, `${path}.<${codecName} ${index}>`)) };
  }
  let className: string | undefined;
  // (an object merged into the reader's keeps the reader's class)
  if (merge === undefined && prototype !== OBJECT_PROTOTYPE && prototype !== null) {
    className = classNames.get(prototype);
    if (className === undefined) throw new Error(`${path}: an object of class ${prototype.constructor?.name ?? '?'} cannot be saved`);
  }
  if (Object.getOwnPropertySymbols(item).length > 0) throw new Error(`${path}: an object with symbol keys cannot be saved`);
  const fields: Record<string, GraphValue> = {};
  for (const key of Object.getOwnPropertyNames(item)) {
    const descriptor = Object.getOwnPropertyDescriptor(item, key)!;
    if (!descriptor.enumerable) throw new Error(`${path}.${key}: a hidden field cannot be saved`);
    if (descriptor.get !== undefined || descriptor.set !== undefined) throw new Error(`${path}.${key}: a getter cannot be saved`);
    fields[key] = value(descriptor.value, `${path}.${key}`);
  }
  const frozen = merge === undefined && Object.isFrozen(item) ? { z: 1 as const } : {};
  return className === undefined ? { o: fields, ...frozen, ...m } : { o: fields, c: className, ...frozen, ...m };
}

/**
 * Reads a written graph in two steps, so that objects outside it (a physics world) can be made
 * between them pointing at the graph's objects: `startReading` makes every object (empty) and
 * gives `value` to look a written value up; `finish` fills them and gives the root.
 */
export interface GraphReader {
  value(written: unknown): unknown;
  finish(moreKeep?: ReadonlyMap<string, unknown>): unknown;
}

export function startReading(graph: EncodedGraph, options: GraphReadOptions): GraphReader {
  if (typeof graph !== 'object' || graph === null || !Array.isArray(graph.objects)) throw new Error('graph: expected { objects, root }');
  const made: unknown[] = new Array(graph.objects.length);
  let keep: ReadonlyMap<string, unknown> = options.keep;
  const fromCodec: number[] = [];
  // every object made first (empty), so that references between them resolve
  graph.objects.forEach((written, place) => {
    const where = `objects[${place}]`;
    if (typeof written !== 'object' || written === null) throw new Error(`${where}: expected an object, got ${String(written)}`);
    const mergeName = (written as { m?: unknown }).m;
    if (mergeName !== undefined) {
      const target = options.merge.get(String(mergeName));
      if (target === undefined) throw new Error(`${where}.m: nothing to merge "${String(mergeName)}" into`);
      made[place] = target;
    } else if ('a' in written) made[place] = [];
    else if ('map' in written) made[place] = new Map();
    else if ('set' in written) made[place] = new Set();
    else if ('t' in written) made[place] = typedArray(written.t, written.b, where);
    else if ('k' in written) fromCodec.push(place);
    else if ('o' in written) {
      if (written.c === undefined) made[place] = {};
      else {
        const prototype = options.classes[written.c];
        if (prototype === undefined) throw new Error(`${where}.c: unknown class "${written.c}"`);
        made[place] = Object.create(prototype);
      }
    } else throw new Error(`${where}: unknown kind of object (keys ${Object.keys(written).join(', ')})`);
  });

  const value = (written: unknown): unknown => {
    if (typeof written === 'number' || typeof written === 'string' || typeof written === 'boolean' || written === null) return written;
    if (typeof written !== 'object') throw new Error(`graph: unknown value ${String(written)}`);
    const w = written as Record<string, unknown>;
    if ('r' in w) {
      const place = w.r as number;
      if (!Number.isInteger(place) || place < 0 || place >= made.length) throw new Error(`graph: reference ${String(place)} out of range`);
      if (made[place] === undefined) throw new Error(`graph: object ${place} is read before it is made`);
      return made[place];
    }
    if ('n' in w) {
      switch (w.n) {
        case 'NaN':
          return NaN;
        case 'Infinity':
          return Infinity;
        case '-Infinity':
          return -Infinity;
        case '-0':
          return -0;
      }
      throw new Error(`graph: unknown number "${String(w.n)}"`);
    }
    if ('u' in w) return undefined;
    if ('x' in w) {
      const name = String(w.x);
      if (!keep.has(name)) throw new Error(`graph: nothing to keep for "${name}"`);
      return keep.get(name);
    }
    throw new Error(`graph: unknown value (keys ${Object.keys(w).join(', ')})`);
  };

  // objects a codec makes read the others' references (made above, maybe not yet filled)
  const toComplete: Array<() => void> = [];
  for (const place of fromCodec) {
    const written = graph.objects[place] as { k: string; v: GraphValue[] };
    const codec = options.codecs[written.k] as ObjectCodec | undefined;
    if (codec === undefined) throw new Error(`objects[${place}].k: unknown kind "${written.k}"`);
    const parts = written.v.map(value);
    const object = codec.make(parts);
    made[place] = object;
    if (codec.complete !== undefined) toComplete.push(() => codec.complete!(object, parts));
  }

  return {
    value,
    finish(moreKeep) {
      if (moreKeep !== undefined) keep = new Map([...options.keep, ...moreKeep]);
      graph.objects.forEach((written, place) => {
        fill(made[place], written, value);
      });
      for (const [name, entries] of Object.entries(graph.tables ?? {})) {
        const table = options.tables[name];
        if (table === undefined) throw new Error(`graph.tables: unknown table "${name}"`);
        for (let index = 0; index < entries.length; index += 2) table.set(value(entries[index]) as object, value(entries[index + 1]));
      }
      for (const complete of toComplete) complete();
      // frozen last: a frozen object may be filled only once its fields are in
      graph.objects.forEach((written, place) => {
        if ('z' in written && written.z === 1) Object.freeze(made[place]);
      });
      return value(graph.root);
    },
  };
}

function fill(target: unknown, written: GraphObject, value: (written: unknown) => unknown): void {
  if ('a' in written) {
    const array = target as unknown[];
    array.length = 0;
    array.length = written.a.length;
    const holes = new Set(written.holes ?? []);
    written.a.forEach((item, index) => {
      if (!holes.has(index)) array[index] = value(item);
    });
  } else if ('map' in written) {
    const map = target as Map<unknown, unknown>;
    map.clear();
    for (let index = 0; index < written.map.length; index += 2) map.set(value(written.map[index]), value(written.map[index + 1]));
  } else if ('set' in written) {
    const set = target as Set<unknown>;
    set.clear();
    for (const item of written.set) set.add(value(item));
  } else if ('o' in written) {
    const object = target as Record<string, unknown>;
    for (const key of Object.keys(written.o)) object[key] = value(written.o[key]);
  }
}

function typedArray(name: unknown, base64: unknown, where: string): TypedArray {
  const make = TYPED_ARRAYS[name as TypedArrayName];
  if (make === undefined) throw new Error(`${where}.t: unknown typed array "${String(name)}"`);
  if (typeof base64 !== 'string') throw new Error(`${where}.b: expected base64 text`);
  const bytes = fromBase64(base64, `${where}.b`);
  if (bytes.byteLength % make.BYTES_PER_ELEMENT !== 0) throw new Error(`${where}.b: ${bytes.byteLength} bytes do not make ${name} items`);
  return new make(bytes.buffer as ArrayBuffer, 0, bytes.byteLength / make.BYTES_PER_ELEMENT);
}

// ---------------------------------------------------------------------------------------------
// Base64 (the same in Node and browsers, without either's helpers)

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGITS = new Int16Array(128).fill(-1);
for (let index = 0; index < ALPHABET.length; index++) DIGITS[ALPHABET.charCodeAt(index)] = index;

export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const a = bytes[index]!;
    const b = index + 1 < bytes.length ? bytes[index + 1]! : 0;
    const c = index + 2 < bytes.length ? bytes[index + 2]! : 0;
    chunk +=
      ALPHABET[a >> 2]! +
      ALPHABET[((a & 3) << 4) | (b >> 4)]! +
      (index + 1 < bytes.length ? ALPHABET[((b & 15) << 2) | (c >> 6)]! : '=') +
      (index + 2 < bytes.length ? ALPHABET[c & 63]! : '=');
    if (chunk.length >= 4096) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

export function fromBase64(text: string, where: string): Uint8Array {
  if (text.length % 4 !== 0) throw new Error(`${where}: base64 text of ${text.length} characters (expected a multiple of 4)`);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let out = 0;
  for (let index = 0; index < text.length; index += 4) {
    let triple = 0;
    for (let k = 0; k < 4; k++) {
      const ch = text.charCodeAt(index + k);
      let digit = ch < 128 ? DIGITS[ch]! : -1;
      if (ch === 61 && index + k >= text.length - padding) digit = 0;
      if (digit < 0) throw new Error(`${where}: "${text[index + k]}" at ${index + k} is not base64`);
      triple = (triple << 6) | digit;
    }
    if (out < bytes.length) bytes[out++] = triple >> 16;
    if (out < bytes.length) bytes[out++] = (triple >> 8) & 255;
    if (out < bytes.length) bytes[out++] = triple & 255;
  }
  return bytes;
}
