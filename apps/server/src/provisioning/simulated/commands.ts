// How a workload's command line behaves in the simulation, the way a shell would run it: `exit N` ends with
// code N, `false` with 1, anything else keeps running (a container) or ends with 0 (a job run); `sleep N`
// makes a job run's command take at least N seconds.

interface CommandLine {
  entrypoint: string[] | null;
  command: string[] | null;
}

export const commandLineOf = (workload: CommandLine) =>
  [...(workload.entrypoint ?? []), ...(workload.command ?? [])].join(' ');

/** The exit code the command line ends with (0: it succeeds, or a container's keeps serving). */
export function simulatedExitCode(workload: CommandLine): number {
  const words = commandLineOf(workload);
  const exit = /\bexit\s+(\d{1,3})\b/.exec(words);
  if (exit) return Number(exit[1]) % 256;
  return /(^|[\s;&|])false($|[\s;&|])/.test(words) ? 1 : 0;
}

/** How long the command takes by its `sleep N`, in seconds; undefined without one. */
export function simulatedSleepSeconds(workload: CommandLine): number | undefined {
  const sleep = /\bsleep\s+(\d{1,5})\b/.exec(commandLineOf(workload));
  return sleep ? Number(sleep[1]) : undefined;
}
