/** `none`: no avoidance at all, only seek / arrive and separation; the baseline to compare with. */
import { type AvoidanceStrategy, NO_CIRCLES, decideNothing } from '../strategy';

export const noAvoidance: AvoidanceStrategy = {
  name: 'none',
  senses: 'none',
  idleUnitsAvoid: false,
  passesGroups: false,
  isThreat: () => false,
  ...NO_CIRCLES,
  decide: decideNothing,
};
