/** Backend configuration, from the environment (documented in the README). */
export interface ServerConfig {
  port: number;
  /** PGlite data folder (embedded database, the default). */
  dataDir: string;
  /** PostgreSQL instead of PGlite when set. */
  databaseUrl?: string;
  /** Demo users' password at first start; random (printed once) when unset. */
  adminPassword?: string;
  /** Device simulator on (default) or off. */
  simulator: boolean;
  /** Folder with the built console (served on the same port). */
  staticDir: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    simulator: !['0', 'false', 'off', 'no'].includes(String(env.SIMULATOR ?? 'on').toLowerCase()),
    staticDir: env.STATIC_DIR ?? './dist',
  };
}

/** Business constants of the backend. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
export const PAGE_SIZE_MAX = 100;
