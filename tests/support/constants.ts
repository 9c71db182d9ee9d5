/** The fixed test clock and demo password used by every test database. */
export const TEST_NOW = new Date('2026-11-21T10:00:00+08:00');
export const TEST_PASSWORD = 'demo-pass-123';
