import { Circle, Settings, World } from 'planck';
import { describe, expect, it } from 'vitest';
import { createPhysicsWorld, createUnitBody, placeBody, rebuildBroadPhase, stepWorld } from '../../src/physics/world';

interface Node {
  child1: Node | null;
  child2: Node | null;
  parent: Node | null;
  height: number;
  aabb: { lowerBound: { x: number; y: number }; upperBound: { x: number; y: number } };
}

/** planck's tree, checked node by node: links both ways, heights, and boxes holding their children. Returns the leaves. */
function checkTree(root: Node): number {
  let leaves = 0;
  const stack: Node[] = [root];
  expect(root.parent).toBeNull();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.child1 === null) {
      expect(node.child2).toBeNull();
      expect(node.height).toBe(0);
      leaves++;
      continue;
    }
    const children = [node.child1, node.child2!];
    expect(node.height).toBe(1 + Math.max(children[0]!.height, children[1]!.height));
    for (const child of children) {
      expect(child.parent).toBe(node);
      expect(child.aabb.lowerBound.x).toBeGreaterThanOrEqual(node.aabb.lowerBound.x);
      expect(child.aabb.lowerBound.y).toBeGreaterThanOrEqual(node.aabb.lowerBound.y);
      expect(child.aabb.upperBound.x).toBeLessThanOrEqual(node.aabb.upperBound.x);
      expect(child.aabb.upperBound.y).toBeLessThanOrEqual(node.aabb.upperBound.y);
      stack.push(child);
    }
  }
  return leaves;
}

/** Nodes a pair query visits on average, over the proxies of every 7th unit (as planck's query walks). */
function queryCost(root: Node, leaves: Node[]): number {
  let visited = 0;
  let queries = 0;
  for (let k = 0; k < leaves.length; k += 7) {
    const box = leaves[k]!.aabb;
    queries++;
    const stack: Node[] = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      visited++;
      const a = node.aabb;
      if (a.lowerBound.x > box.upperBound.x || box.lowerBound.x > a.upperBound.x || a.lowerBound.y > box.upperBound.y || box.lowerBound.y > a.upperBound.y) continue;
      if (node.child1 !== null) stack.push(node.child1, node.child2!);
    }
  }
  return visited / queries;
}

function leavesOf(root: Node): Node[] {
  const out: Node[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.child1 === null) out.push(node);
    else stack.push(node.child1, node.child2!);
  }
  return out;
}

/** A standing army: `rows` x `columns` unit bodies 1.5 m apart, made one by one, row by row. */
function army(rows: number, columns: number) {
  const physics = createPhysicsWorld<number>(columns * 1.5 + 4, rows * 1.5 + 4);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      createUnitBody(physics, { owner: row * columns + column, position: { x: 2 + column * 1.5, y: 2 + row * 1.5 }, radius: 0.5, mass: 1 });
    }
  }
  const tree = (physics.world as unknown as { m_broadPhase: { m_tree: { m_root: Node } } }).m_broadPhase.m_tree;
  return { physics, tree };
}

describe("planck's broad-phase tree, rebuilt after many bodies are made", () => {
  it('keeps every proxy and a sound tree, and pair queries walk far fewer nodes than after one insertion at a time', () => {
    const { physics, tree } = army(60, 70);
    const proxies = checkTree(tree.m_root);
    // 4200 unit circles and the four wall edges
    expect(proxies).toBe(4204);
    const before = queryCost(tree.m_root, leavesOf(tree.m_root));
    rebuildBroadPhase(physics);
    expect(checkTree(tree.m_root)).toBe(proxies);
    const after = queryCost(tree.m_root, leavesOf(tree.m_root));
    // measured: 81 nodes per query before, 40 after (with 500 units crossing beside 4500 such
    // standing ones, 1245 before: planck's step took twice as long)
    expect(after).toBeLessThan(before * 0.6);
    // every body is still found where it stands, and nothing else
    let found = 0;
    physics.world.queryAABB({ lowerBound: { x: 2.9, y: 2.9 }, upperBound: { x: 3.6, y: 3.6 } } as never, () => {
      found++;
      return true;
    });
    expect(found).toBe(1);
  });

  it('happens by itself at the next step once a quarter of the bodies are new, and not again for a few more', () => {
    const { physics, tree } = army(20, 20);
    const rootBefore = tree.m_root;
    stepWorld(physics, 1 / 60);
    expect(tree.m_root).not.toBe(rootBefore);
    expect(physics.madeSinceRebuild).toBe(0);
    createUnitBody(physics, { owner: -1, position: { x: 1, y: 1 }, radius: 0.5, mass: 1 });
    expect(physics.madeSinceRebuild).toBe(1);
    stepWorld(physics, 1 / 60);
    expect(physics.madeSinceRebuild).toBe(1);
    expect(checkTree(tree.m_root)).toBe(405);
  });
});

describe("the broad phase's margin", () => {
  /** Two bodies of radius 0.5 standing with `gap` metres between them, far from the walls. */
  function pair(gap: number) {
    const physics = createPhysicsWorld<number>(20, 20);
    const a = createUnitBody(physics, { owner: 1, position: { x: 10, y: 10 }, radius: 0.5, mass: 1 });
    const b = createUnitBody(physics, { owner: 2, position: { x: 11 + gap, y: 10 }, radius: 0.5, mass: 1 });
    stepWorld(physics, 1 / 60);
    return { physics, a, b };
  }

  it('pairs only units within a few centimetres of touching (planck pairs them 0.2 m apart by default)', () => {
    // boxes of 0.02 m margin: two units 0.1 m apart are no pair, 0.03 m apart are one
    expect(pair(0.1).physics.world.getContactCount()).toBe(0);
    expect(pair(0.03).physics.world.getContactCount()).toBe(1);
    // a unit placed next to another is boxed with the same margin
    const { physics, b } = pair(1);
    placeBody(b, { x: 11.1, y: 10 });
    stepWorld(physics, 1 / 60);
    expect(physics.world.getContactCount()).toBe(0);
  });

  it("leaves planck's global setting as the caller had it, for the caller's own worlds", () => {
    const callers = Settings.aabbExtension;
    try {
      Settings.aabbExtension = 0.3;
      const { physics } = pair(0.1);
      stepWorld(physics, 1 / 60);
      expect(Settings.aabbExtension).toBe(0.3);
      expect(physics.world.getContactCount()).toBe(0);
      // a world of the caller's own, with the caller's margin: the same two bodies are a pair
      const world = new World({ gravity: { x: 0, y: 0 } });
      for (const x of [10, 11.1]) world.createBody({ type: 'dynamic', position: { x, y: 10 } }).createFixture(new Circle(0.5), { density: 1 });
      world.step(1 / 60);
      expect(world.getContactCount()).toBe(1);
    } finally {
      Settings.aabbExtension = callers;
    }
  });
});
