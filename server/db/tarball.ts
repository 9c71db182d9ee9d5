/**
 * A PGlite dump (an uncompressed tarball) held in memory, as PGlite's `loadDataDir` reads it:
 * `arrayBuffer()` and `type`. Node's own Blob gives a large one back in 64 KB chunks that it then
 * concatenates: for the tests' seeded database (174 MB) that was about 2.5 s of CPU each time a
 * test opened a copy, twice in the worker thread (once to send the bytes there, once inside PGlite).
 * Each `arrayBuffer()` answers a copy of its own: PGlite may keep views into what it is given.
 */
export function tarball(bytes: Uint8Array): Blob {
  return {
    type: 'application/x-tar',
    size: bytes.byteLength,
    arrayBuffer: async () => bytes.slice().buffer,
  } as unknown as Blob;
}
