/**
 * The sense phase: what threatens each moving unit, and who crowds it.
 *
 * Units are found through a uniform grid rebuilt each tick (spatial/grid.ts): planck's tree walk
 * and per-query closure cost far more than the physics step. Each unit near enough to meet the
 * agent within the look-ahead time is tested with the relative ray in closed form
 * (sensing.ts: the three rays' band, taken in the other unit's frame), so the threat is
 * the unit the agent will touch soonest. Obstacles stand still, so for them the three rays along
 * the agent's own velocity are exact: circles in closed form, boxes and polygons with planck's
 * own ray cast on their fixture. The soonest hit wins, whatever order candidates come in, and
 * nothing is allocated. Everything is seen `avoidClearance` larger than it is (personal space).
 *
 * The search is the phase's main cost, so it reads the units as packed numbers in grid order
 * and rules out whole cells, and beyond the nearest rings whole blocks of 4 x 4 cells, from the
 * box their positions and velocities span (a block of the unit's own group, walking alongside
 * it, cannot be touched within the look-ahead). Each unit searches once every few ticks, taking
 * turns, and in between tests again the neighbours it found (see the simulation's sense phase).
 *
 * Strategies that sense circles (the articles' classic methods) are offered every unit and every
 * obstacle's bounding circle within their reach instead, and record what they need themselves.
 */
import { vec2 } from '../math/vec2';
import { findCell } from '../spatial/cells';
import { cellColumn, cellRow, occupiedCell } from '../spatial/grid';
import { type RingCells, collectRing, createRingCells } from '../spatial/rings';
import type { SteeringConfig } from './config';
import { BLOCK, type SenseWorld } from './pack';
import { castWorldRays, gatherObstacles, obstaclesOnRays } from './sense-obstacles';
import { MAX_NEIGHBOURS, RAY_RELATIVE, type Sensing, clearThreat, layOutRays, neighbourCutoff, offerNeighbour, recordUnitThreat, relativeRayFraction } from './sensing';
import { accumulateCrowding } from './separation';
import type { UnitStore } from './store';
import type { AvoidanceStrategy } from './strategy';

const _sense_ring: RingCells = createRingCells();
/** where the unit offered to a circle strategy stands */
const _sense_centre = vec2();
/**
 * Metres, for the unit being sensed (set as its search begins): `crowd`, how far round it
 * separation looks; `near`, the gap within which a unit that is not closing in is still a
 * neighbour (the gap two units at full speed could close within the look-ahead); `least`, set
 * before each `outOfReach`, the least distance from the unit of any centre the cells it rules on
 * can still hand to the search (a cell in ring k of the unit's own holds none nearer than k - 1
 * cell sizes, and the block search takes no cell of the rings the fine search took). Fields of one
 * object rather than arguments: V8 boxes a fractional number on the heap each time it is handed
 * to a call it does not inline, and the search's helpers are called for every cell it opens.
 */
const _reach = { crowd: 0, near: 0, least: 0 };
/** metres of gap beyond which a unit is never a threat: it is met later, when nearer (the search
 * for threats would otherwise cover the whole look-ahead at twice full speed) */
const THREAT_RANGE = 12;

const _sense_previous = new Int32Array(MAX_NEIGHBOURS);

/**
 * The unit being sensed, read out of the store once (its slot, position, velocity, radius and
 * order), which the search's helpers read for every cell they open.
 */
interface SensedUnit {
  slot: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  radius: number;
  group: number;
}
const _agent: SensedUnit = { slot: -1, x: 0, y: 0, vx: 0, vy: 0, radius: 0, group: 0 };

/** Reads the unit at `slot` out of the store into `_agent`. */
function readAgent(units: UnitStore, slot: number): SensedUnit {
  _agent.slot = slot;
  _agent.x = units.position.data[2 * slot]!;
  _agent.y = units.position.data[2 * slot + 1]!;
  _agent.vx = units.velocity.data[2 * slot]!;
  _agent.vy = units.velocity.data[2 * slot + 1]!;
  _agent.radius = units.radius.data[slot]!;
  _agent.group = units.group.data[slot]!;
  return _agent;
}

/**
 * Fills `sensing` for one unit (its slot in the world's store). `strategy` decides whether rays are
 * cast at all and which units count as threats. The unit itself and the world's walls are never
 * threats.
 *
 * With `searches` false (a strategy that senses neighbours, on a tick when the unit does not
 * search), the neighbours found last time are tested again as they stand now instead of
 * searching the look-ahead anew: the search is the sense phase's main cost, and the set of units
 * worth answering changes far more slowly than their positions, which are always current.
 */
export function senseUnit(
  world: SenseWorld,
  slot: number,
  sensing: Sensing,
  strategy: AvoidanceStrategy,
  config: SteeringConfig,
  looksAhead = true,
  searches = true,
): void {
  const units = world.units;
  const agent = readAgent(units, slot);
  const previousCount = searches ? 0 : sensing.neighbourCount;
  for (let index = 0; index < previousCount; index++) _sense_previous[index] = sensing.neighbours[index]!;
  sensing.crowding.x = 0;
  sensing.crowding.y = 0;
  sensing.push.x = 0;
  sensing.push.y = 0;
  clearThreat(sensing.threat);
  sensing.neighbourCount = 0;
  sensing.obstacleCount = 0;
  const senses = looksAhead ? strategy.senses : 'none';
  const raysCast = senses === 'rays' && layOutRays(sensing, units, slot, config);
  sensing.raysCast = raysCast;
  const grid = world.grid;
  // separation looks this far around the unit; the relative ray as far as any unit can come
  // from within the look-ahead time (the gap between two units closes at most this fast), and
  // neighbours that are not closing in as far as the gap could close within the look-ahead if
  // both went at full speed; circle strategies as far as they say
  const crowdReach = agent.radius + config.separationGap;
  const mode = senses === 'rays' ? RAYS : senses === 'circles' ? CIRCLES : NEIGHBOURS;
  const closingSpeed = mode === RAYS ? Math.sqrt(agent.vx * agent.vx + agent.vy * agent.vy) + world.maxSpeed : 0;
  const contactReach = agent.radius + world.maxRadius + config.avoidClearance;
  _reach.crowd = crowdReach;
  _reach.near = config.avoidHorizon * (units.maxSpeed.data[slot]! + world.maxSpeed);
  const circleReach = senses === 'circles' ? strategy.reach(units, slot, config) : 0;
  const reach = Math.max(
    crowdReach + world.maxRadius,
    mode === RAYS ? Math.min(THREAT_RANGE + contactReach, Math.max(config.avoidHorizon * closingSpeed + contactReach, agent.radius + world.maxRadius + _reach.near)) : 0,
    circleReach + world.maxRadius,
  );

  // Cells in rings of growing Chebyshev distance around the unit's own cell, nearest first. A
  // centre in ring k is at least (k - 1) cell sizes away, so once no unit that far can be
  // touched sooner, or be nearer, than the neighbours already found (and separation looks no
  // further), no later ring can add one. In a crowd the search stops after a few rings.
  const column = cellColumn(grid, agent.x);
  const row = cellRow(grid, agent.y);
  const crowdRings = Math.ceil((crowdReach + world.maxRadius) / grid.cellSize);
  const rings = Math.ceil(reach / grid.cellSize);
  // The look-ahead search goes ring by ring only near the unit, then block by block.
  const searchMode = mode === RAYS && !searches ? NEIGHBOURS : mode;
  const fineRings = searchMode === RAYS ? Math.min(rings, crowdRings + 1) : rings;
  let searched = true;
  for (let ring = 0; ring <= fineRings; ring++) {
    if (ring > crowdRings) {
      if (searchMode === NEIGHBOURS) break;
      if (mode === RAYS && leastKeyBeyond((ring - 1) * grid.cellSize, agent, world, config, closingSpeed) >= neighbourCutoff(sensing)) {
        searched = false;
        break;
      }
    }
    collectRing(grid.columns, grid.rows, column, row, ring, _sense_ring);
    for (let k = 0; k < _sense_ring.count; k++) {
      const cell = occupiedCell(grid, _sense_ring.cells[k]!);
      if (cell < 0) continue;
      if (ring > 0) {
        // between searches (and for strategies without rays) only crowding is sought here; a search
        // rules cells out by look-ahead too
        _reach.least = (ring - 1) * grid.cellSize;
        if (searchMode === NEIGHBOURS ? beyondCrowding(world.pack.cellBounds, 8 * cell, agent, world) : mode === RAYS && outOfReach(world.pack.cellBounds, 8 * cell, world, agent, sensing, config)) continue;
      }
      senseCell(world, cell, agent, sensing, strategy, config, searchMode);
    }
  }
  if (searchMode === RAYS && searched && rings > fineRings) {
    searchBlocks(world, agent, sensing, strategy, config, closingSpeed, column, row, fineRings, rings);
  }
  if (mode === RAYS && !searches) retestNeighbours(world, agent, sensing, strategy, config, previousCount);

  if (mode === CIRCLES) {
    for (const obstacle of world.obstacles) {
      const dx = obstacle.centre.x - agent.x;
      const dy = obstacle.centre.y - agent.y;
      const far = circleReach + obstacle.boundingRadius + agent.radius;
      if (dx * dx + dy * dy > far * far) continue;
      strategy.consider(sensing, units, slot, obstacle.centre, obstacle.boundingRadius, -1, obstacle.obstacleId, config);
    }
    return;
  }
  if (mode === RAYS) gatherObstacles(world, slot, sensing, config);
  if (senses === 'world-rays') castWorldRays(world, slot, sensing);
  if (raysCast) obstaclesOnRays(world, sensing, config);
}

/** Between searches: the neighbours found last time (`_sense_previous`) tested again as they stand now. */
function retestNeighbours(world: SenseWorld, agent: SensedUnit, sensing: Sensing, strategy: AvoidanceStrategy, config: SteeringConfig, count: number): void {
  const position = world.units.position.data;
  const velocity = world.units.velocity.data;
  const radius = world.units.radius.data;
  for (let index = 0; index < count; index++) {
    const other = _sense_previous[index]!;
    const dx = position[2 * other]! - agent.x;
    const dy = position[2 * other + 1]! - agent.y;
    const gap = Math.sqrt(dx * dx + dy * dy) - agent.radius - radius[other]!;
    const rvx = agent.vx - velocity[2 * other]!;
    const rvy = agent.vy - velocity[2 * other + 1]!;
    considerUnit(world.units, sensing, agent, other, gap, mayTouch(gap, rvx, rvy, config), strategy, config);
  }
}

/** What the sense phase looks for around a unit. */
const NEIGHBOURS = 0;
const RAYS = 1;
const CIRCLES = 2;

/**
 * Whether no unit inside `bounds` (a cell's or a block's, at `offset`, laid out as
 * `UnitPack.cellBounds`) can be near enough to crowd the agent, nor become a neighbour good
 * enough to enter its list: the box their positions span is too far for separation, and, with the
 * fastest closing speed their velocities allow, none of them can be touched sooner (or be
 * nearer) than the least urgent neighbour the list already holds. Their distance is taken as at
 * least `_reach.least` (the caller knows how near the cells it asks about can be). Exact: what it
 * rules out holds no unit `senseCell` would have taken.
 */
function outOfReach(bounds: Float64Array, offset: number, world: SenseWorld, agent: SensedUnit, sensing: Sensing, config: SteeringConfig): boolean {
  const cutoff = neighbourCutoff(sensing);
  if (cutoff === Infinity) return false;
  const { x, y } = agent;
  const outX = Math.max(bounds[offset]! - x, 0, x - bounds[offset + 1]!);
  const outY = Math.max(bounds[offset + 2]! - y, 0, y - bounds[offset + 3]!);
  const distance = Math.max(Math.sqrt(outX * outX + outY * outY), _reach.least);
  if (distance < _reach.crowd + world.maxRadius) return false;
  const { vx, vy } = agent;
  const relX = Math.max(Math.abs(vx - bounds[offset + 4]!), Math.abs(vx - bounds[offset + 5]!));
  const relY = Math.max(Math.abs(vy - bounds[offset + 6]!), Math.abs(vy - bounds[offset + 7]!));
  if (leastKeyBeyond(distance, agent, world, config, Math.sqrt(relX * relX + relY * relY)) >= cutoff) return true;
  // The test above lets their relative velocity point anywhere. It points only within the box of
  // (v_agent - v_other): when no relative ray from the agent can come near enough to their box to
  // touch any of them, none is a threat, and each is keyed by its gap alone. (Standing units
  // beside a unit's way, whose relative velocity is the unit's own, are ruled out here.)
  const gap = distance - agent.radius - world.maxRadius;
  if (gap >= _reach.near || nearKey(agent, gap, config) >= cutoff) {
    const horizon = config.avoidHorizon;
    const grow = agent.radius + world.maxRadius + config.avoidClearance + RAY_BOX_MARGIN;
    if (x + horizon * Math.max(0, vx - bounds[offset + 4]!) < bounds[offset]! - grow) return true;
    if (x + horizon * Math.min(0, vx - bounds[offset + 5]!) > bounds[offset + 1]! + grow) return true;
    if (y + horizon * Math.max(0, vy - bounds[offset + 6]!) < bounds[offset + 2]! - grow) return true;
    if (y + horizon * Math.min(0, vy - bounds[offset + 7]!) > bounds[offset + 3]! + grow) return true;
  }
  return false;
}

/**
 * Whether no unit inside `bounds` (laid out as `UnitPack.cellBounds`) can be near enough to crowd
 * the agent: the box their positions span is at least the separation reach plus the widest radius
 * away. Exact (no unit it rules out would have crowded the agent), and far cheaper than
 * `outOfReach` where only crowding is sought (the re-tests between searches, and strategies that
 * sense no rays).
 */
function beyondCrowding(bounds: Float64Array, offset: number, agent: SensedUnit, world: SenseWorld): boolean {
  const { x, y } = agent;
  const outX = Math.max(bounds[offset]! - x, 0, x - bounds[offset + 1]!);
  const outY = Math.max(bounds[offset + 2]! - y, 0, y - bounds[offset + 3]!);
  const reach = _reach.crowd + world.maxRadius;
  return outX * outX + outY * outY >= reach * reach;
}

/** metres the box a relative ray must reach is grown by beyond the widest personal space, so
 * rounding can never rule out a unit the ray test itself would take */
const RAY_BOX_MARGIN = 1e-6;

const _sense_blockRing: RingCells = createRingCells();

/**
 * The look-ahead search beyond the first `fineRings` rings of cells, block by block: a block whose
 * units can all be ruled out (`outOfReach` on its bounds) is passed over with one test, the
 * cells of the others one by one, as far as `rings` rings of cells. Block rings go outward and
 * stop, like the rings of cells, once nothing further can beat the neighbours already found.
 */
function searchBlocks(
  world: SenseWorld,
  agent: SensedUnit,
  sensing: Sensing,
  strategy: AvoidanceStrategy,
  config: SteeringConfig,
  closingSpeed: number,
  column: number,
  row: number,
  fineRings: number,
  rings: number,
): void {
  const { grid, pack } = world;
  const blockColumn = Math.floor(column / BLOCK);
  const blockRow = Math.floor(row / BLOCK);
  const blockSize = BLOCK * grid.cellSize;
  // the cells within `rings` of the unit's own lie within this many block rings of its block
  const blockRings = Math.ceil(rings / BLOCK);
  for (let ring = 0; ring <= blockRings; ring++) {
    // a unit in block ring k is at least (k - 1) block sizes from any point of the unit's block
    if (ring > 1 && leastKeyBeyond((ring - 1) * blockSize, agent, world, config, closingSpeed) >= neighbourCutoff(sensing)) return;
    collectRing(pack.blockColumns, pack.blockRows, blockColumn, blockRow, ring, _sense_blockRing);
    for (let b = 0; b < _sense_blockRing.count; b++) {
      const block = _sense_blockRing.cells[b]!;
      const occupied = findCell(pack.blocks, block);
      if (occupied < 0) continue;
      _reach.least = fineRings * grid.cellSize;
      if (outOfReach(pack.blockBounds, 8 * occupied, world, agent, sensing, config)) continue;
      const row0 = Math.floor(block / pack.blockColumns) * BLOCK;
      const column0 = (block % pack.blockColumns) * BLOCK;
      for (let r = row0; r < Math.min(row0 + BLOCK, grid.rows); r++) {
        for (let c = column0; c < Math.min(column0 + BLOCK, grid.columns); c++) {
          const distance = Math.max(Math.abs(r - row), Math.abs(c - column));
          if (distance <= fineRings || distance > rings) continue;
          const cell = occupiedCell(grid, r * grid.columns + c);
          if (cell < 0) continue;
          _reach.least = (distance - 1) * grid.cellSize;
          if (outOfReach(world.pack.cellBounds, 8 * cell, world, agent, sensing, config)) continue;
          senseCell(world, cell, agent, sensing, strategy, config, RAYS);
        }
      }
    }
  }
}

/**
 * Separation, and the relative ray or the strategy's circle test, for every unit in one occupied
 * cell (its dense index).
 * Reads the packed numbers; a unit's object is touched only when it is taken.
 */
function senseCell(
  world: SenseWorld,
  cell: number,
  agent: SensedUnit,
  sensing: Sensing,
  strategy: AvoidanceStrategy,
  config: SteeringConfig,
  mode: number,
): void {
  const grid = world.grid;
  const units = world.units;
  const { x, y, vx, vy, radius } = world.pack;
  const ax = agent.x;
  const ay = agent.y;
  const avx = agent.vx;
  const avy = agent.vy;
  const end = grid.cellStart[cell + 1]!;
  for (let k = grid.cellStart[cell]!; k < end; k++) {
    const dx = x[k]! - ax;
    const dy = y[k]! - ay;
    const distanceSq = dx * dx + dy * dy;
    const other = grid.order[k]!;
    // the agent's own entry is the one at distance zero that is the agent itself
    if (distanceSq === 0 && other === agent.slot) continue;
    const otherRadius = radius[k]!;
    const near = _reach.crowd + otherRadius;
    if (distanceSq < near * near) accumulateCrowding(sensing.crowding, units, agent.slot, other, config);
    if (mode === CIRCLES) {
      _sense_centre.x = x[k]!;
      _sense_centre.y = y[k]!;
      strategy.consider(sensing, units, agent.slot, _sense_centre, otherRadius, other, -1, config);
      continue;
    }
    if (mode !== RAYS) continue;
    const gap = Math.sqrt(distanceSq) - agent.radius - otherRadius;
    const touchable = mayTouch(gap, avx - vx[k]!, avy - vy[k]!, config);
    if (!touchable && (gap >= _reach.near || nearKey(agent, gap, config) >= neighbourCutoff(sensing))) continue;
    considerUnit(units, sensing, agent, other, gap, touchable, strategy, config);
  }
}

/**
 * Whether a unit at `gap` metres, with relative velocity (rvx, rvy) = v_self - v_other, could be
 * touched within the look-ahead: the relative ray is |v_self - v_other| * lookAheadTime long,
 * so one further than that (plus personal space), or beyond THREAT_RANGE, cannot.
 */
function mayTouch(gap: number, rvx: number, rvy: number, config: SteeringConfig): boolean {
  return gap < THREAT_RANGE && gap <= Math.sqrt(rvx * rvx + rvy * rvy) * config.avoidHorizon + config.avoidClearance + 1e-9;
}

/**
 * The relative ray against one unit `gap` metres away: a unit it will touch within the
 * look-ahead becomes a neighbour keyed by how soon (and the threat when it is the soonest so
 * far); one it will not touch but that is near enough to become one within the look-ahead
 * becomes a neighbour keyed by its gap.
 */
function considerUnit(units: UnitStore, sensing: Sensing, agent: SensedUnit, other: number, gap: number, touchable: boolean, strategy: AvoidanceStrategy, config: SteeringConfig): void {
  if (touchable && strategy.isThreat(units, agent.slot, other)) {
    const fraction = relativeRayFraction(units, agent.slot, other, config);
    if (fraction >= 0) {
      offerNeighbour(sensing, other, fraction);
      const threat = sensing.threat;
      if (threat.kind !== 'none' && fraction >= threat.fraction) return;
      const time = fraction * config.avoidHorizon;
      recordUnitThreat(threat, units, other, fraction, RAY_RELATIVE, agent.x + agent.vx * time, agent.y + agent.vy * time);
      return;
    }
  }
  if (gap < _reach.near) offerNeighbour(sensing, other, nearKey(agent, gap, config));
}

/**
 * The key of a neighbour that is not a threat, `gap` metres away: 1 and more, by its gap, after
 * every threat; but for a standing agent, one inside its personal space (`avoidClearance`) comes
 * among the threats about to touch. A standing unit making way for a column, its list full of the
 * column's units metres off, dropped the one standing 4 cm beside it (it was not closing on it)
 * and stepped into it. Units on the move keep the plain key: in a crowd pressing through a door,
 * their own pressed neighbours taking slots slowed the last of them (docs/controller.md). The key
 * grows with the gap, so the search's bounds (`leastKeyBeyond`, `outOfReach`), which key the
 * nearest a unit can be, stay exact.
 */
function nearKey(agent: SensedUnit, gap: number, config: SteeringConfig): number {
  const fraction = Math.max(0, gap) / _reach.near;
  return agent.group === 0 && gap < config.avoidClearance ? fraction : 1 + fraction;
}

/**
 * The smallest neighbour key a unit whose centre is at least `distance` from the agent's can
 * have: it cannot be touched sooner than the gap can close at `closingSpeed`, nor be nearer than
 * that distance. Infinity when it can be neither a threat nor near.
 */
function leastKeyBeyond(distance: number, agent: SensedUnit, world: SenseWorld, config: SteeringConfig, closingSpeed: number): number {
  const gap = distance - agent.radius - world.maxRadius;
  const near = gap < _reach.near ? nearKey(agent, gap, config) : Infinity;
  const reachable = config.avoidHorizon * closingSpeed;
  const soonest = reachable > 0 && gap < THREAT_RANGE ? (gap - config.avoidClearance) / reachable : Infinity;
  return Math.min(near, soonest < 1 ? Math.max(0, soonest) : Infinity);
}
