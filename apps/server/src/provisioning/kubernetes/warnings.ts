// Kubernetes Warning events in Berth's words: what the cluster keeps retrying for a replica or a run (an image
// it cannot pull, a node it cannot find, a volume it cannot mount, a failing health check), as one plain
// sentence with what the cluster said kept at the end for the curious.

/** A core/v1 Event as the watch receives it (the fields read here). */
export interface ClusterEvent {
  metadata: { name: string; namespace?: string; creationTimestamp?: string };
  type?: string;
  reason?: string;
  message?: string;
  involvedObject?: { kind?: string; name?: string; namespace?: string };
  firstTimestamp?: string;
  eventTime?: string;
}

/** What the cluster said, shortened: some messages run to a stack of RPC errors. */
const said = (message: string | undefined) => {
  const text = (message ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return '';
  return ` (the cluster said: ${text.length > 240 ? `${text.slice(0, 239)}…` : text})`;
};

const PROBES: Record<string, string> = {
  Readiness: 'The health check fails, so the replica gets no requests until it passes',
  Liveness: 'The health check fails, so the container is restarted',
  Startup: 'The container has not passed its health check since it started',
};

/**
 * The sentence of a Warning event of a pod; undefined for one that tells nothing new (the short "Error:
 * ErrImagePull" that follows the pull failure it names).
 */
export function warningSentence(event: ClusterEvent): string | undefined {
  const message = event.message ?? '';
  switch (event.reason) {
    case 'Failed':
      if (/^Error: (ErrImagePull|ImagePullBackOff)$/.test(message)) return undefined;
      if (message.startsWith('Failed to pull image'))
        return `The image could not be pulled from its registry${said(message)}.`;
      return `The container could not be started${said(message)}.`;
    case 'BackOff':
      return message.includes('pulling image')
        ? `Pulling the image is retried after a growing pause${said(message)}.`
        : 'The command keeps exiting, so it is restarted after a growing pause: see the log lines before each exit.';
    case 'FailedScheduling':
      return `No node of the cluster can take the replica now, so it waits; a smaller size may start sooner${said(message)}.`;
    case 'FailedMount':
    case 'FailedAttachVolume':
      return `A volume could not be mounted, so the container waits${said(message)}.`;
    case 'Unhealthy': {
      const probe = /^(Readiness|Liveness|Startup) probe failed:\s*(.*)$/s.exec(message);
      const sentence = probe?.[1] ? PROBES[probe[1]] : undefined;
      return sentence ? `${sentence}${said(probe?.[2])}.` : `The health check fails${said(message)}.`;
    }
    case 'Evicted':
      return `The replica was stopped because its node ran short of resources${said(message)}.`;
    default:
      return `The cluster warned: ${event.reason ?? 'a problem'}${said(message)}.`;
  }
}
