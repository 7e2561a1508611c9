/**
 * The situations: the rules the simulation layers over the avoidance core, each one file of
 * src/situations/ that can be switched off (`SteeringConfig.situations`) to see what it buys
 * (docs/situations.md). Listed in the order their hooks run.
 */
export const SITUATION_NAMES = [
  'give-way',
  'single-file',
  'door-turns',
  'wide-door-turns',
  'door-halves',
  'step-aside',
  'crossing-pace',
  'stuck-recovery',
  'rule-of-the-road',
  'follow-held-up',
  'off-course-ahead',
  'queue-order',
  'keep-right',
  'carried-lean',
  'stand-in-stream',
] as const;

export type SituationName = (typeof SITUATION_NAMES)[number];

/** Which situations run: every one but stand-in-stream by default (DEFAULT_SITUATIONS). */
export type SituationSwitches = Readonly<Record<SituationName, boolean>>;

/**
 * Tuning of the steering controller. Every field has a unit and a default; `resolveSteeringConfig`
 * merges a partial config over the defaults once, when a simulation is created (or re-tuned).
 */
export interface SteeringConfig {
  /** seconds the avoidance rays look ahead: a unit is a threat when the agent will touch it
   * within this time at their present velocities; the rays for obstacles are lookAheadTime *
   * speed long, never shorter than the unit's diameter. Default 1.5 s. */
  lookAheadTime: number;
  /** seconds ahead the `rays` controller avoids other units: it picks a velocity that will not
   * touch any unit it can meet within this time, if both keep their velocities. Longer is smoother
   * and starts earlier; shorter lets crowds pack closer. Default 3.5 s. */
  avoidHorizon: number;
  /** seconds ahead a `rays` unit keeps off obstacles and walls: it picks a velocity that cannot
   * bring it within its personal space of one in this time; never less than the time the unit
   * takes to stop from full speed (max speed over max acceleration: 0.25 s for the default unit)
   * and never more than `avoidHorizon`. Routes keep units off obstacles, so this only stops the
   * last metre: shorter lets crowds walk by rocks and into doors at speed (forests, rooms and
   * narrow doors a fifth to a third sooner at 0.25 s), with more shallow touches between units
   * of one order pressed against the walls (docs/controller.md). Default 1 s. */
  obstacleHorizon: number;
  /** radians: how far a `rays` unit leans its wanted velocity to its right when units of another
   * order are about to meet it (in full when the meeting is now), so opposite flows form lanes and
   * crossing flows swirl rather than knot. Default 0.6. */
  keepRight: number;
  /** radians: how far at most a `rays` order walking head-on at another turns its units' way to
   * step aside as a whole, so the two blocks pass side by side rather than pressing into each
   * other (situations/step-aside.ts, door-halves.ts, wide-door-turns.ts); 0 turns them off. Default 0.6 (a step across of at most 0.68 times the speed). */
  passAside: number;
  /** the share of its speed a `rays` order keeps while it lets another order whose way crosses
   * its own at a shallow angle (8 to 37 degrees) cross ahead of it, so the two take turns rather
   * than meet side by side and walk on glued together (situations/crossing-pace.ts); 1 turns it off.
   * Default 0.6. */
  crossingPace: number;
  /** seconds a unit takes to reach the velocity it wants (seek / arrive / avoid gain).
   * Smaller is snappier and uses more force. Default 0.05 s. */
  responseTime: number;
  /** how fast avoidance takes over as the hit gets closer: the unit steers
   * min(1, avoidWeight * (1 - hit fraction)) of the way from the velocity it wants to the one
   * that avoids, so zero at the end of the look-ahead and all the way from 1 - 1 / avoidWeight
   * on. Default 4 (all the way once the hit is within three quarters of the look-ahead). */
  avoidWeight: number;
  /** metres of personal space: the rays see other units this much larger than they are, and
   * the sidestep target lies this much further out, so units pass with a gap instead of
   * grazing. Default 0.1 m. */
  avoidClearance: number;
  /** m/s: a unit slower than this does not avoid (it is not going anywhere yet). Default 0.2 m/s. */
  minAvoidSpeed: number;
  /** weight of the separation force, as a fraction of max force at full overlap. Default 0.5. */
  separationWeight: number;
  /** metres of gap between two unit edges under which separation pushes them apart.
   * Default 0.25 m. */
  separationGap: number;
  /** fraction of max deceleration an arriving unit plans to brake with. Default 0.5. */
  arrivalBraking: number;
  /** metres: a unit stops this close to its target (its own slot in a group). Default 0.1 m. */
  arrivalTolerance: number;
  /** free space between neighbours' edges in a group's arrangement at its target, in radii of
   * the larger of the two (so the arrangement fits the group's arrival circle, 2 sqrt(sum of r^2),
   * whatever the sizes). Default 1 (0.5 m for the default unit). */
  formationGap: number;
  /** ticks between one unit's avoidance decisions: the sense phase and the strategy's choice of
   * velocity run for each unit once in this many ticks, units taking turns (by id), and in
   * between the unit keeps the avoidance it chose while the rest of its force follows the
   * velocity it wants every tick. 1 (the default) decides every tick; 2 takes a third off a
   * 1000-unit tick, for more touches where crowds meet in tight places (docs/controller.md,
   * cost). A whole number from 1 to 4. */
  avoidEvery: number;
  /** which situations (the rules over the avoidance core, src/situations/) run; each is on by
   * default but stand-in-stream (docs/situations.md says why). A partial object switches the
   * named ones, e.g. `{ 'door-turns': false }` or `{ 'stand-in-stream': true }`. */
  situations: SituationSwitches;
}

/** Situations a simulation runs unless told otherwise: all but stand-in-stream, which gets every
 * army home but costs two of the tests' door and crossing layouts their bounds (docs/situations.md). */
const OFF_BY_DEFAULT: ReadonlySet<SituationName> = new Set<SituationName>(['stand-in-stream']);
const DEFAULT_SITUATIONS: SituationSwitches = Object.freeze(Object.fromEntries(SITUATION_NAMES.map((name) => [name, !OFF_BY_DEFAULT.has(name)])) as Record<SituationName, boolean>);

/** The situations of `situations` switched the other way from their defaults, as [name, on] pairs
 * (what the page's URL keeps and the tables' labels name). */
export function switchedFromDefault(situations: Readonly<Partial<Record<string, boolean>>>): Array<[string, boolean]> {
  const defaults = DEFAULT_SITUATIONS as Readonly<Record<string, boolean>>;
  return Object.entries(situations).filter((entry): entry is [string, boolean] => entry[1] !== undefined && entry[1] !== defaults[entry[0]]);
}

/** The numeric settings (every field but `situations`). */
export type NumericSetting = Exclude<keyof SteeringConfig, 'situations'>;

export const DEFAULT_STEERING_CONFIG: Readonly<SteeringConfig> = Object.freeze({
  lookAheadTime: 1.5,
  avoidHorizon: 3.5,
  obstacleHorizon: 1,
  keepRight: 0.6,
  passAside: 0.6,
  crossingPace: 0.6,
  responseTime: 0.05,
  avoidWeight: 4,
  avoidClearance: 0.1,
  minAvoidSpeed: 0.2,
  separationWeight: 0.5,
  separationGap: 0.25,
  arrivalBraking: 0.5,
  arrivalTolerance: 0.1,
  formationGap: 1,
  avoidEvery: 1,
  situations: DEFAULT_SITUATIONS,
});

/** Validation rule per field: the smallest allowed value and whether it may equal it. */
/**
 * The range of each setting. The upper bounds are far beyond any useful value; they exist so that
 * no accepted value can make a tick's work unbounded (a look-ahead of 1e200 s would have the sense
 * phase search the whole world, every tick).
 */
const LIMITS: Record<NumericSetting, { min: number; inclusive: boolean; max: number; integer?: true }> = {
  lookAheadTime: { min: 0, inclusive: true, max: 10 },
  avoidHorizon: { min: 0, inclusive: false, max: 10 },
  obstacleHorizon: { min: 0, inclusive: true, max: 10 },
  keepRight: { min: 0, inclusive: true, max: Math.PI / 2 },
  passAside: { min: 0, inclusive: true, max: 1.5 },
  crossingPace: { min: 0, inclusive: true, max: 1 },
  responseTime: { min: 0, inclusive: false, max: 10 },
  avoidWeight: { min: 0, inclusive: true, max: 100 },
  avoidClearance: { min: 0, inclusive: true, max: 5 },
  minAvoidSpeed: { min: 0, inclusive: true, max: 100 },
  separationWeight: { min: 0, inclusive: true, max: 10 },
  separationGap: { min: 0, inclusive: true, max: 5 },
  arrivalBraking: { min: 0, inclusive: false, max: 1 },
  arrivalTolerance: { min: 0, inclusive: false, max: 10 },
  formationGap: { min: 0, inclusive: true, max: 20 },
  avoidEvery: { min: 1, inclusive: true, max: 4, integer: true },
};

/** Each setting's range, as documented: [min, max, whether min itself is allowed]. */
export function steeringLimits(): ReadonlyArray<[NumericSetting, number, number, boolean]> {
  return (Object.keys(LIMITS) as NumericSetting[]).map((key) => [key, LIMITS[key].min, LIMITS[key].max, LIMITS[key].inclusive]);
}

/** Settings as callers give them: any of them, and of `situations` only those to switch. */
export type SteeringOverrides = Partial<Omit<SteeringConfig, 'situations'>> & { situations?: Partial<SituationSwitches> };

export function resolveSteeringConfig(
  overrides: SteeringOverrides = {},
  base: Readonly<SteeringConfig> = DEFAULT_STEERING_CONFIG,
): SteeringConfig {
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
    throw new Error(`steering: expected an object of settings, got ${overrides === null ? 'null' : Array.isArray(overrides) ? 'an array' : typeof overrides}`);
  }
  const config: SteeringConfig = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (key === 'situations') {
      config.situations = resolveSituations(value, base.situations);
      continue;
    }
    if (!(key in LIMITS)) {
      throw new Error(`steering.${key}: unknown setting (known: ${[...Object.keys(LIMITS), 'situations'].join(', ')})`);
    }
    const field = key as NumericSetting;
    const limit = LIMITS[field];
    const ok =
      typeof value === 'number' &&
      Number.isFinite(value) &&
      (limit.inclusive ? value >= limit.min : value > limit.min) &&
      value <= limit.max &&
      (limit.integer !== true || Number.isInteger(value));
    if (!ok) {
      throw new Error(
        `steering.${field}: expected a ${limit.integer === true ? 'whole' : 'finite'} number ${limit.inclusive ? '>=' : '>'} ${limit.min} and <= ${+limit.max.toFixed(4)}, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
      );
    }
    config[field] = value;
  }
  return config;
}

/** The switches of `value` (an object of situation names to true or false) over `base`. */
function resolveSituations(value: unknown, base: SituationSwitches): SituationSwitches {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`steering.situations: expected an object of situation names to true or false, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  }
  const switches: Record<SituationName, boolean> = { ...base };
  for (const [name, on] of Object.entries(value)) {
    if (!(SITUATION_NAMES as readonly string[]).includes(name)) {
      throw new Error(`steering.situations.${name}: unknown situation (known: ${SITUATION_NAMES.join(', ')})`);
    }
    if (typeof on !== 'boolean') throw new Error(`steering.situations.${name}: expected true or false, got ${typeof on === 'string' ? JSON.stringify(on) : String(on)}`);
    switches[name as SituationName] = on;
  }
  return Object.freeze(switches);
}
