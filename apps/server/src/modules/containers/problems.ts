// A failing replica explained in plain words: what the runtime says (Kubernetes' waiting reasons, an exit
// code) becomes a sentence with its cause and what to try, whichever driver reported it.

export interface Problem {
  cause: string;
  advice: string;
}

const COUNTS = ['', 'once', 'twice', 'three times', 'four times', 'five times', 'six times', 'seven times'];
const times = (count: number) => COUNTS[count] ?? `${count} times`;

/** Exit codes that name their cause (128 + the signal that ended the process). */
function exitCause(code: number, failures: number): Problem {
  const often = failures > 1 ? `, ${times(failures)}` : '';
  if (code === 137)
    return {
      cause: `The container was stopped for using more memory than its size allows (exit code 137)${often}.`,
      advice:
        'Choose a larger size, or make the program use less memory; its last log lines show what it was doing.',
    };
  if (code === 143)
    return {
      cause: `The container stopped when asked to (SIGTERM, exit code 143)${often}, but was expected to keep running.`,
      advice: 'Check that the command runs a server that stays in the foreground.',
    };
  return {
    cause: `The command exited with code ${code} right after starting${often}: see the log lines before it.`,
    advice:
      'Check the command, its arguments and variables; run the image locally with the same command to see why.',
  };
}

/** Kubernetes reasons a replica waits on for good, in plain words. */
const REASONS: Record<string, Problem> = {
  ImagePullBackOff: {
    cause: 'The image could not be pulled from its registry, and pulling is being retried.',
    advice: "Check the image's name and tag, and that its registry connection's credentials are right.",
  },
  ErrImagePull: {
    cause: 'The image could not be pulled from its registry.',
    advice: "Check the image's name and tag, and that its registry connection's credentials are right.",
  },
  InvalidImageName: {
    cause: "The image's name is not a valid image reference.",
    advice: 'Use a name like registry.example.com/team/app:1.2.',
  },
  CreateContainerConfigError: {
    cause: 'The container could not be set up from its configuration.',
    advice: 'Check its variables and mounted volumes.',
  },
  CreateContainerError: {
    cause: 'The container could not be created from the image.',
    advice: "Check the image's entrypoint and command.",
  },
  RunContainerError: {
    cause: "The container's command could not be started.",
    advice: 'Check that the command exists in the image and is executable.',
  },
};

/**
 * The problem of a failed replica, from its status message ("CrashLoopBackOff: exited with code 3",
 * "ImagePullBackOff: …", "exited with code 137") and how many times its command failed; undefined for a
 * replica that is not failed.
 */
export function replicaProblem(replica: {
  status: string;
  statusMessage: string | null;
  failures: number;
}): Problem | undefined {
  if (replica.status !== 'failed') return undefined;
  const message = replica.statusMessage ?? '';
  const exit = /exited with code (\d+)/.exec(message);
  if (exit?.[1]) return exitCause(Number(exit[1]), replica.failures);
  const reason = /^(\w+)/.exec(message)?.[1];
  const known = reason === undefined ? undefined : REASONS[reason];
  if (known) return known;
  return {
    cause: message ? `The replica failed: ${message}.` : 'The replica failed.',
    advice: "See the container's events and the replica's last log lines.",
  };
}
