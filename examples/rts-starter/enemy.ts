/**
 * The starter's enemy: it trains soldiers and archers in turn as its gold allows, gathers them at
 * its rally point, and every wave period sends every unit standing idle on an attack-move at the
 * player's headquarters. Simple on purpose: a place to grow an opponent from.
 */
import { listUnits } from 'rts-steer';
import type { KindName } from './combat';
import { command, stanceOf } from './orders';
import { train } from './production';
import { ENEMY, type Game, PLAYER_BASE, TICKS_PER_SECOND } from './types';

/** seconds between the enemy's attack waves; the first comes after one period */
export const WAVE_PERIOD = 45;
/** what the enemy trains, in turn */
const BUILD_ORDER: readonly KindName[] = ['soldier', 'archer', 'archer'];

export function playEnemy(game: Game, tick: number): void {
  const base = game.bases[ENEMY]!;
  // keep two in training, the next of the build order as soon as it can be paid for
  if (base.training.length < 2) train(base, BUILD_ORDER[base.ordered % BUILD_ORDER.length]!);
  if (tick < game.nextWave) return;
  game.nextWave = tick + WAVE_PERIOD * TICKS_PER_SECOND;
  const idle = listUnits(game.sim)
    .filter((unit) => unit.team === ENEMY && stanceOf(game, unit) === 'idle' && !game.targets.has(unit.id))
    .map((unit) => unit.id);
  command(game, idle, PLAYER_BASE, { attack: true });
}
