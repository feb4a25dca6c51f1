import type { TestServer } from './server.ts';

/**
 * Runs fn while the provisioner stands still, so a transitional state (creating, deleting) can be
 * observed without racing it; the provisioner resumes afterwards.
 */
export async function whileProvisionerPaused<T>(server: TestServer, fn: () => Promise<T>): Promise<T> {
  await server.berth.provisioner.stop();
  try {
    return await fn();
  } finally {
    server.berth.provisioner.start();
  }
}
