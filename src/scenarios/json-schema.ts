/**
 * The scenario file's JSON Schema, made from the zod schema the engine parses files with (zod's
 * `toJSONSchema`, describing the file as written: defaulted fields optional). Editors check a
 * file against it through the file's `$schema` key; `npm run --silent schema` writes it to
 * docs/scenario.schema.json, and the package's build to dist/scenario.schema.json, which it ships
 * (`rts-steer/scenario.schema.json`).
 *
 * JSON Schema cannot say everything the parser checks. It leaves to the parser: a polygon's
 * convexity and its points' spacing, a change giving exactly one of `add` and `remove`, changes in
 * time order and none after `duration`, and `remove` naming an obstacle standing then.
 */
import { z } from 'zod';
import { scenarioSchema } from './schema';

/** The schema as a plain JSON object (the same every time). */
export function scenarioJsonSchema(): Record<string, unknown> {
  const made = z.toJSONSchema(scenarioSchema, { io: 'input', unrepresentable: 'throw' }) as Record<string, unknown>;
  const { $schema, ...rest } = made;
  return {
    $schema,
    title: 'rts-steer scenario',
    description:
      "A crowd scenario for rts-steer: a world, its obstacles, units with goals, and obstacles placed and removed during the run. Lengths in metres, times in seconds. Checks JSON Schema cannot express are left to the engine's parser: a polygon's convexity, a change giving exactly one of add and remove, changes in time order, and remove naming an obstacle standing then.",
    ...rest,
  };
}
