/** The code of a screen or part of one could not be fetched (offline, or the network failed): it may load on retry. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('This part of the portal could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}
