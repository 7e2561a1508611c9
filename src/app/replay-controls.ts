/**
 * The page's replay mode around replay.ts: picking or dropping a scenario file and its trace, the
 * timeline (play / pause, a slider, the time), and the clock that walks through the frames. The page
 * (main.ts) asks it for the snapshot to draw while a replay is open.
 */
import type { Snapshot } from '../render/snapshot';
import { parseScenarioText } from '../scenarios/schema';
import { parseTraceText } from '../scenarios/trace';
import { type Replay, createReplay, frameIndexAt, replaySnapshot } from './replay';

export interface ReplayCallbacks {
  /** a replay was opened: show its world */
  started(replay: Replay, title: string): void;
  /** the replay was closed */
  closed(): void;
  /** the files could not be read as a scenario and its trace */
  failed(message: string): void;
}

export interface ReplayControls {
  /** the open replay, or null */
  readonly replay: Replay | null;
  /** seconds into the replay */
  readonly time: number;
  readonly playing: boolean;
  /** opens the file picker */
  pick(): void;
  /** reads a scenario file and its trace (in either order) and opens them */
  open(files: readonly File[]): Promise<void>;
  /** advances the clock by `seconds` of real time at `speed`, and returns the frame to draw */
  advance(seconds: number, speed: number): Snapshot | null;
  togglePlaying(): void;
  seek(time: number): void;
  close(): void;
}

/** The hidden file picker, and the bar under the page: play / pause, a timeline slider, the clock, close. */
function replayElements(): { input: HTMLInputElement; bar: HTMLDivElement; play: HTMLButtonElement; slider: HTMLInputElement; clock: HTMLSpanElement; close: HTMLButtonElement } {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.accept = '.json,.ndjson,.jsonl,application/json';
  input.id = 'replay-files';
  input.hidden = true;
  document.body.append(input);
  const bar = document.createElement('div');
  bar.id = 'replay';
  bar.hidden = true;
  const play = document.createElement('button');
  const slider = document.createElement('input');
  slider.type = 'range';
  slider.min = '0';
  slider.step = 'any';
  const clock = document.createElement('span');
  clock.className = 'clock';
  const close = document.createElement('button');
  close.textContent = 'close replay';
  bar.append(play, slider, clock, close);
  document.body.append(bar);
  return { input, bar, play, slider, clock, close };
}

/** Reads a scenario file and its trace (in either order) into a replay and its title; throws, naming the file, when they are not. */
async function readReplay(files: readonly File[]): Promise<{ replay: Replay; title: string }> {
  if (files.length !== 2) throw new Error(`replay: drop or pick two files, a scenario (.json) and its trace (.ndjson); got ${files.length}`);
  const texts = await Promise.all(files.map(async (file) => ({ name: file.name, text: await file.text() })));
  // the trace is the file whose first line is a frame ({"t": ...}); the scenario the other
  const traceFirst = texts.findIndex((file) => /^\s*\{\s*"t"\s*:/.test(file.text));
  if (traceFirst < 0) throw new Error(`replay: neither ${texts[0]!.name} nor ${texts[1]!.name} is a trace (lines of {"t": ..., "p": [...]})`);
  const traceFile = texts[traceFirst]!;
  const scenarioFile = texts[1 - traceFirst]!;
  const scenario = parseScenarioText(scenarioFile.text, scenarioFile.name);
  const frames = parseTraceText(traceFile.text, scenario.units.length, traceFile.name);
  return { replay: createReplay(scenario, frames), title: `replay of ${traceFile.name} (${scenario.name})` };
}

export function createReplayControls(callbacks: ReplayCallbacks): ReplayControls {
  const { input, bar, play, slider, clock, close } = replayElements();
  let replay: Replay | null = null;
  let time = 0;
  let playing = false;
  let lastIndex = -1;
  let last: Snapshot | null = null;

  function showClock(): void {
    if (replay === null) return;
    play.textContent = playing ? 'pause' : time >= replay.duration ? 'replay' : 'play';
    slider.value = String(time);
    clock.textContent = `${time.toFixed(1)} / ${replay.duration.toFixed(1)} s`;
  }

  const controls: ReplayControls = {
    get replay() {
      return replay;
    },
    get time() {
      return time;
    },
    get playing() {
      return playing;
    },
    pick: () => input.click(),
    async open(files) {
      try {
        const read = await readReplay(files);
        replay = read.replay;
        time = 0;
        playing = true;
        lastIndex = -1;
        slider.max = String(replay.duration);
        bar.hidden = false;
        showClock();
        callbacks.started(replay, read.title);
      } catch (error) {
        callbacks.failed(error instanceof Error ? error.message : String(error));
      }
    },
    advance(seconds, speed) {
      if (replay === null) return null;
      if (playing) {
        time = Math.min(replay.duration, time + seconds * speed);
        if (time >= replay.duration) playing = false;
      }
      const index = frameIndexAt(replay, time);
      if (index !== lastIndex || last === null || last.paused === playing) {
        last = replaySnapshot(replay, index, { paused: !playing, speed });
        lastIndex = index;
      }
      showClock();
      return last;
    },
    togglePlaying() {
      if (replay === null) return;
      if (!playing && time >= replay.duration) time = 0;
      playing = !playing;
      showClock();
    },
    seek(to) {
      if (replay === null) return;
      time = Math.min(replay.duration, Math.max(0, to));
      showClock();
    },
    close() {
      if (replay === null) return;
      replay = null;
      last = null;
      playing = false;
      bar.hidden = true;
      callbacks.closed();
    },
  };

  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    input.value = '';
    void controls.open(files);
  });
  play.addEventListener('click', () => controls.togglePlaying());
  close.addEventListener('click', () => controls.close());
  slider.addEventListener('input', () => {
    playing = false;
    controls.seek(Number(slider.value));
  });
  // files dropped anywhere on the page
  window.addEventListener('dragover', (event) => event.preventDefault());
  window.addEventListener('drop', (event) => {
    event.preventDefault();
    void controls.open([...(event.dataTransfer?.files ?? [])]);
  });
  return controls;
}
