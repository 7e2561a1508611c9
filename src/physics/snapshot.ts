/**
 * A planck world as plain data, and a world made again from it that steps on with the same bits
 * (what a saved simulation carries of its physics, sim/save.ts).
 *
 * Positions and velocities are not enough: planck's next step also reads what earlier steps left
 * behind. Each of these was found to change the bits when it was left out (a probe on crowds of
 * up to 400 units pressing through doors):
 * - the bodies in the order of planck's list, and each one's sleep clock and awake flag;
 * - every contact, in the order of the world's list (which decides the solver's order), each with
 *   the same fixture as A and as B, its touching flag and its manifold's warm-start impulses;
 * - the last step's time (warm starts are scaled by the ratio of this step's to the last's);
 * - the broad phase's tree exactly: every node with its id, box, height and links, the leaves'
 *   fat boxes, the last id given and the proxies waiting to be paired. A tree rebuilt from the
 *   same boxes pairs new contacts in another order.
 *
 * The objects are read field by field: every number, flag and text of a body, fixture, contact,
 * shape and of the world, and the small value objects inside them (vectors, transforms, sweeps,
 * manifolds), so a field planck adds is carried without a change here. Links between planck's
 * objects are written as places: a body by its place in creation order, a fixture by its place on
 * its body, a tree node by its id.
 */
import { type Body, Circle, Contact, Edge, type Fixture, Polygon, TreeNode, World } from 'planck';
import { type BodyTag, type PhysicsWorld, listenForUnitContacts } from './world';

/** Numbers, flags and texts of one planck object, and of the value objects inside it. */
export type PlanckData = { [field: string]: PlanckValue };
type PlanckValue = number | string | boolean | null | undefined | PlanckData | PlanckValue[];

/** A fixture's place: its body's place in creation order, its own on the body, its child. */
type FixturePlace = readonly [body: number, fixture: number, child: number];

export interface PhysicsSnapshot {
  readonly world: PlanckData;
  readonly broadPhase: PlanckData;
  /** proxy ids moved since the last pairing */
  readonly moveBuffer: number[];
  /** in creation order (planck keeps them newest first) */
  readonly bodies: ReadonlyArray<{ readonly data: PlanckData; readonly fixtures: readonly FixtureSnapshot[] }>;
  /** in the order of the world's list */
  readonly contacts: ReadonlyArray<{ readonly a: FixturePlace; readonly b: FixturePlace; readonly data: PlanckData }>;
  readonly tree: {
    readonly root: number | null;
    readonly lastProxyId: number;
    readonly nodes: ReadonlyArray<{ readonly id: number; readonly parent: number | null; readonly child1: number | null; readonly child2: number | null; readonly data: PlanckData; readonly leaf: FixturePlace | null }>;
  };
  readonly madeSinceRebuild: number;
}

interface FixtureSnapshot {
  readonly data: PlanckData;
  readonly shape: PlanckData;
  /** what the fixture belongs to, as the caller wrote it */
  readonly tag: unknown;
  readonly proxies: ReadonlyArray<{ readonly id: number; readonly aabb: PlanckData }>;
}

/** What the snapshot reads of planck beyond its typed API (planck 1.4, pinned). */
interface Internals {
  m_bodyList: Body | null;
  m_contactList: ContactInternals | null;
  m_contactCount: number;
  m_broadPhase: { m_tree: TreeInternals; m_moveBuffer: number[] };
}
interface TreeInternals {
  m_root: NodeInternals | null;
  m_nodes: Record<number, NodeInternals>;
  m_lastProxyId: number;
}
interface NodeInternals {
  id: number;
  parent: NodeInternals | null;
  child1: NodeInternals | null;
  child2: NodeInternals | null;
  userData: ProxyInternals | null;
}
interface ProxyInternals {
  proxyId: number;
  aabb: object;
  fixture: Fixture;
  childIndex: number;
}
interface ContactInternals {
  m_next: ContactInternals | null;
  m_prev: ContactInternals | null;
  m_fixtureA: Fixture;
  m_fixtureB: Fixture;
  m_indexA: number;
  m_indexB: number;
}
type WithFields = Record<string, unknown>;

const internals = (world: World): Internals => world as unknown as Internals;

/** The bodies of `world` in creation order. */
export function bodiesInOrder(world: World): Body[] {
  const bodies: Body[] = [];
  for (let body = internals(world).m_bodyList; body !== null; body = body.getNext()) bodies.push(body);
  return bodies.reverse();
}

/** The fixtures of `body` in creation order. */
export function fixturesInOrder(body: Body): Fixture[] {
  const fixtures: Fixture[] = [];
  for (let fixture = body.getFixtureList(); fixture !== null; fixture = fixture.getNext()) fixtures.push(fixture);
  return fixtures.reverse();
}

/**
 * The world of `physics` as plain data. `writeOwner` writes the owner of a unit's body (the layer
 * above's object, which it writes its own way).
 */
export function snapshotPhysics<Owner>(physics: PhysicsWorld<Owner>, writeOwner: (owner: Owner) => unknown): PhysicsSnapshot {
  const writeTag = (tag: BodyTag<Owner>): unknown => (tag.kind === 'unit' ? { kind: 'unit', owner: writeOwner(tag.owner) } : { ...tag });
  const world = internals(physics.world);
  const bodies = bodiesInOrder(physics.world);
  const places = new Map<Fixture, readonly [number, number]>();
  bodies.forEach((body, bodyPlace) => {
    fixturesInOrder(body).forEach((fixture, fixturePlace) => {
      places.set(fixture, [bodyPlace, fixturePlace]);
    });
  });
  const placeOf = (fixture: Fixture, child: number): FixturePlace => {
    const [body, place] = places.get(fixture)!;
    return [body, place, child];
  };
  const tree = world.m_broadPhase.m_tree;
  const contacts: Array<PhysicsSnapshot['contacts'][number]> = [];
  for (let contact = world.m_contactList; contact !== null; contact = contact.m_next) {
    contacts.push({ a: placeOf(contact.m_fixtureA, contact.m_indexA), b: placeOf(contact.m_fixtureB, contact.m_indexB), data: dataOf(contact) });
  }
  return {
    world: dataOf(physics.world),
    broadPhase: dataOf(world.m_broadPhase),
    moveBuffer: [...world.m_broadPhase.m_moveBuffer],
    bodies: bodies.map((body) => ({
      data: dataOf(body),
      fixtures: fixturesInOrder(body).map((fixture) => {
        const proxies = (fixture as unknown as { m_proxies: ProxyInternals[]; m_proxyCount: number }).m_proxies;
        const count = (fixture as unknown as { m_proxyCount: number }).m_proxyCount;
        return {
          data: dataOf(fixture),
          shape: dataOf(fixture.getShape()),
          tag: writeTag(fixture.getUserData() as BodyTag<Owner>),
          proxies: proxies.slice(0, count).map((proxy) => ({ id: proxy.proxyId, aabb: dataOf(proxy.aabb) })),
        };
      }),
    })),
    contacts,
    tree: {
      root: tree.m_root?.id ?? null,
      lastProxyId: tree.m_lastProxyId,
      nodes: Object.values(tree.m_nodes).map((node) => ({
        id: node.id,
        parent: node.parent?.id ?? null,
        child1: node.child1?.id ?? null,
        child2: node.child2?.id ?? null,
        data: dataOf(node),
        leaf: node.userData === null ? null : placeOf(node.userData.fixture, node.userData.childIndex),
      })),
    },
    madeSinceRebuild: physics.madeSinceRebuild,
  };
}

/**
 * Makes the world of a snapshot and puts it into `physics` (a world of the same size, made by
 * createPhysicsWorld, whose own world is dropped). `readOwner` reads a unit body's owner as
 * `writeOwner` wrote it. Returns the bodies in creation order (the snapshot's places).
 */
export function restorePhysics<Owner>(physics: PhysicsWorld<Owner>, snapshot: PhysicsSnapshot, readOwner: (written: unknown) => Owner): Body[] {
  const readTag = (written: unknown): BodyTag<Owner> => {
    const tag = written as { kind: string; owner?: unknown; obstacleId?: number };
    switch (tag?.kind) {
      case 'unit':
        return { kind: 'unit', owner: readOwner(tag.owner) };
      case 'obstacle':
        return { kind: 'obstacle', obstacleId: tag.obstacleId! };
      case 'wall':
        return { kind: 'wall' };
    }
    throw new Error(`physics: a fixture of unknown kind ${String(tag?.kind)}`);
  };
  const world = new World({ gravity: { x: 0, y: 0 } });
  const bodies: Body[] = [];
  const fixtures: Fixture[][] = [];
  for (const saved of snapshot.bodies) {
    const body = world.createBody({ type: saved.data.m_type as 'static' | 'dynamic' | 'kinematic' });
    bodies.push(body);
    fixtures.push(
      saved.fixtures.map((fixtureSaved) => {
        const fixture = body.createFixture(makeShape(fixtureSaved.shape), { userData: readTag(fixtureSaved.tag) });
        assignData(fixture, fixtureSaved.data, 'fixture');
        const proxies = (fixture as unknown as { m_proxies: ProxyInternals[] }).m_proxies;
        fixtureSaved.proxies.forEach((proxy, child) => {
          assignData(proxies[child]!.aabb, proxy.aabb, 'proxy.aabb');
        });
        return fixture;
      }),
    );
  }
  const proxyAt = ([body, fixture, child]: FixturePlace): ProxyInternals => {
    const made = fixtures[body]?.[fixture];
    if (made === undefined) throw new Error(`physics: no fixture ${fixture} on body ${body}`);
    return (made as unknown as { m_proxies: ProxyInternals[] }).m_proxies[child]!;
  };

  // the tree as it was: the proxies' leaves, the inner nodes new, every id and link as saved
  const inner = internals(world);
  const tree = inner.m_broadPhase.m_tree;
  const madeNodes = tree.m_nodes;
  tree.m_nodes = {};
  const nodes = new Map<number, NodeInternals>();
  for (const saved of snapshot.tree.nodes) {
    let node: NodeInternals;
    if (saved.leaf !== null) {
      const proxy = proxyAt(saved.leaf);
      node = madeNodes[proxy.proxyId]!;
      proxy.proxyId = saved.id;
    } else {
      node = new TreeNode() as unknown as NodeInternals;
      node.userData = null;
    }
    assignData(node, saved.data, 'tree node');
    nodes.set(saved.id, node);
    tree.m_nodes[saved.id] = node;
  }
  const link = (id: number | null): NodeInternals | null => (id === null ? null : nodes.get(id)!);
  for (const saved of snapshot.tree.nodes) {
    const node = nodes.get(saved.id)!;
    node.parent = link(saved.parent);
    node.child1 = link(saved.child1);
    node.child2 = link(saved.child2);
  }
  tree.m_root = link(snapshot.tree.root);
  tree.m_lastProxyId = snapshot.tree.lastProxyId;
  inner.m_broadPhase.m_moveBuffer = [...snapshot.moveBuffer];
  assignData(inner.m_broadPhase, snapshot.broadPhase, 'broad phase');

  // the contacts, oldest first, so that the world's list and every body's come out as they were
  for (let index = snapshot.contacts.length - 1; index >= 0; index--) {
    const saved = snapshot.contacts[index]!;
    const a = proxyAt(saved.a);
    const b = proxyAt(saved.b);
    const contact = (Contact as unknown as { create(fa: Fixture, ia: number, fb: Fixture, ib: number): ContactInternals | null }).create(a.fixture, a.childIndex, b.fixture, b.childIndex);
    if (contact === null || contact.m_fixtureA !== a.fixture) throw new Error(`physics: contact ${index} could not be made as saved`);
    contact.m_prev = null;
    contact.m_next = inner.m_contactList;
    if (inner.m_contactList !== null) inner.m_contactList.m_prev = contact;
    inner.m_contactList = contact;
    inner.m_contactCount++;
    assignData(contact, saved.data, `contact ${index}`);
  }
  // last: making contacts woke their bodies, and making fixtures flagged the world
  snapshot.bodies.forEach((saved, place) => {
    assignData(bodies[place]!, saved.data, `body ${place}`);
  });
  assignData(world, snapshot.world, 'world');

  (physics as { world: World }).world = world;
  physics.madeSinceRebuild = snapshot.madeSinceRebuild;
  listenForUnitContacts(physics);
  return bodies;
}

function makeShape(data: PlanckData): Circle | Polygon | Edge {
  switch (data.m_type) {
    case 'circle':
      return assignData(new Circle(1), data, 'shape');
    case 'polygon': {
      const count = data.m_count as number;
      // made with as many corners (any in convex position: on a parabola), then every field set as saved
      const corners = Array.from({ length: count }, (_, index) => ({ x: index, y: index * index }));
      return assignData(new Polygon(corners), data, 'shape');
    }
    case 'edge':
      return assignData(new Edge({ x: 0, y: 0 }, { x: 1, y: 0 }), data, 'shape');
  }
  throw new Error(`physics: cannot restore a shape of type ${String(data.m_type)}`);
}

// ---------------------------------------------------------------------------------------------
// Field by field

/** fields never read: what a fixture belongs to (written by the caller) */
const SKIPPED = new Set(['m_userData', 'userData']);

/** The numbers, flags and texts of `object`, and of the value objects inside it. */
function dataOf(object: object): PlanckData {
  const data: PlanckData = {};
  for (const [key, value] of Object.entries(object as WithFields)) {
    if (SKIPPED.has(key)) continue;
    const read = readValue(value, 4);
    if (read !== NOT_A_VALUE) data[key] = read;
  }
  return data;
}

const NOT_A_VALUE = Symbol('not a value');

/** `value` as data, if it is a number, flag, text, or an object or array holding only such
 * (to `depth` levels): a vector, a transform, a manifold. Anything else is a link to another of
 * planck's objects (or a function) and is not read. */
function readValue(value: unknown, depth: number): PlanckValue | typeof NOT_A_VALUE {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value !== 'object' || depth === 0) return NOT_A_VALUE;
  if (Array.isArray(value)) {
    const items: PlanckValue[] = [];
    for (const item of value) {
      const read = readValue(item, depth - 1);
      if (read === NOT_A_VALUE) return NOT_A_VALUE;
      items.push(read);
    }
    return items;
  }
  const data: PlanckData = {};
  for (const [key, item] of Object.entries(value as WithFields)) {
    const read = readValue(item, depth - 1);
    if (read === NOT_A_VALUE) return NOT_A_VALUE;
    data[key] = read;
  }
  return data;
}

/** Sets every field of `data` on `target`, into the value objects it already has. */
function assignData<T extends object>(target: T, data: PlanckData, where: string): T {
  const fields = target as WithFields;
  for (const [key, value] of Object.entries(data)) {
    if (value !== null && typeof value === 'object') {
      const into = fields[key];
      if (typeof into !== 'object' || into === null) throw new Error(`physics: ${where}.${key} has no object to restore into`);
      if (Array.isArray(value)) {
        const array = into as unknown[];
        if (array.length !== value.length) throw new Error(`physics: ${where}.${key} has ${array.length} items, saved ${value.length}`);
        value.forEach((item, index) => {
          if (item !== null && typeof item === 'object') assignData(array[index] as object, item as PlanckData, `${where}.${key}[${index}]`);
          else array[index] = item;
        });
      } else assignData(into, value, `${where}.${key}`);
    } else fields[key] = value;
  }
  return target;
}
