/**
 * The avoidance strategies by name, in the order the command line and the page list them:
 * - `rays`: the project's controller (relative rays against every unit it can meet, velocities
 *   chosen on the side each pair agrees on);
 * - `seed004`: the RTS article "Avoidance Behaviours" as written, the controller `rays` grew from;
 * - `ahead`, `feeler`, `projection`: the classic methods of the articles, for comparison;
 * - `none`: no avoidance, the baseline.
 */
import type { AvoidanceName, AvoidanceStrategy } from '../strategy';
import { aheadAvoidance } from './ahead';
import { feelerAvoidance } from './feeler';
import { noAvoidance } from './none';
import { projectionAvoidance } from './projection';
import { raysAvoidance } from './rays';
import { seed004Avoidance } from './seed004';

export const AVOIDANCE_STRATEGIES: Readonly<Record<AvoidanceName, AvoidanceStrategy>> = {
  rays: raysAvoidance,
  seed004: seed004Avoidance,
  ahead: aheadAvoidance,
  feeler: feelerAvoidance,
  projection: projectionAvoidance,
  none: noAvoidance,
};

export const AVOIDANCE_NAMES = Object.keys(AVOIDANCE_STRATEGIES) as readonly AvoidanceName[];
