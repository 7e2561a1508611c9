/**
 * The avoidance strategies by name, in the order the command line and the page list them:
 * - `rays`: the project's controller (three rays, relative rays for units, the reciprocal side);
 * - `ahead`, `feeler`, `projection`: the classic methods of the articles, for comparison;
 * - `none`: no avoidance, the baseline.
 */
import type { AvoidanceName, AvoidanceStrategy } from '../strategy';
import { aheadAvoidance } from './ahead';
import { feelerAvoidance } from './feeler';
import { noAvoidance } from './none';
import { projectionAvoidance } from './projection';
import { raysAvoidance } from './rays';

export const AVOIDANCE_STRATEGIES: Readonly<Record<AvoidanceName, AvoidanceStrategy>> = {
  rays: raysAvoidance,
  ahead: aheadAvoidance,
  feeler: feelerAvoidance,
  projection: projectionAvoidance,
  none: noAvoidance,
};

export const AVOIDANCE_NAMES = Object.keys(AVOIDANCE_STRATEGIES) as readonly AvoidanceName[];
