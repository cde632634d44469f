/**
 * `npm run bench`, the container image (docs/containers.md): builds the Dockerfile on the local
 * base (scripts/container-base.sh, built once per machine), then prints the runtime image's size
 * (and the base's, so what the release adds shows) and its start to ready time: from `podman
 * run` to the first 200 of `/readyz`, the service on PGlite in a new volume (so the migrations
 * run), the median of BENCH_CONTAINER_STARTS starts (default 3) with the load average. Removes
 * what it made (the base image stays).
 *
 * Needs root and podman, runc and debootstrap: elsewhere it prints why it is skipped.
 */
import os from 'node:os';
import { freePort } from '../__tests__/support/commandProcess';
import {
  baseImage,
  buildImage,
  podman,
  podmanSkipReason,
  removeTestContainers,
  runServiceContainer,
  TEST_NAME,
} from '../__tests__/support/containers';
import { median, setting } from './common';

/** Bytes as MB with one decimal. */
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** The size in bytes of `image`. */
async function sizeOf(image: string): Promise<number> {
  return Number(await podman(['image', 'inspect', '--format', '{{.Size}}', image]));
}

async function main(): Promise<void> {
  let skip: string | undefined;
  try {
    skip = podmanSkipReason();
  } catch (error) {
    skip = error instanceof Error ? error.message : String(error);
  }
  if (skip) {
    console.log(`container image: skipped (${skip})`);
    return;
  }
  const starts = setting('BENCH_CONTAINER_STARTS', 3, 20);
  const image = `localhost/${TEST_NAME}:bench`;
  try {
    const base = await baseImage();
    const built = Date.now();
    await buildImage(base, image);
    const buildS = (Date.now() - built) / 1000;
    const times: number[] = [];
    for (let i = 0; i < starts; i += 1) {
      const port = await freePort();
      const name = `${TEST_NAME}-bench-${i}`;
      times.push(
        await runServiceContainer({
          name,
          image,
          port,
          volume: `${TEST_NAME}-bench-${i}`,
          env: { PROVISIONER: 'simulated', LOG_LEVEL: 'warn' },
        }),
      );
      await podman(['rm', '-f', '--time', '10', name]);
    }
    const [load] = os.loadavg();
    console.log(
      `container image: ${mb(await sizeOf(image))} (base ${mb(await sizeOf(base))}), built in ${buildS.toFixed(0)} s`,
    );
    console.log(
      `container start to ready (PGlite, new volume): median ${median(times)} ms of ${starts} (${times.join(', ')} ms), load average ${load.toFixed(1)}`,
    );
  } finally {
    await removeTestContainers();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
