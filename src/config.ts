/** SPEC.md section 9: business constants and limits of the console. */
export const PLATFORM_VERSION = '1.7.2';
export const API_BASE = '/api/';
export const API_PREFIX = '/v1/electricity';
/** The login call of SPEC.md section 7 (under the base path, outside the prefix). */
export const LOGIN_URL = '/api/v1/quan_xian/deng_lu/login';
export const REQUEST_TIMEOUT_MS = 5000;
export const ERROR_MESSAGE_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const COOKIE_LIFETIME_DAYS = 1;
export const IDLE_TIMEOUT_MS = 600_000;
export const READ_FAILURE_REFRESH_MS = 1_800_000;
export const MENU_WIDTH = 220;
export const MENU_WIDTH_COLLAPSED = 65;
export const RESIZE_THROTTLE_MS = 300;
export const READ_FAILURE_TABLE_MAX_HEIGHT = 400;
export const READ_FAILURE_POPOVER_WIDTH = 700;
export const DEFAULT_LOCALE = 'zh-chs';
export const FALLBACK_LOCALE = 'en';
export const DEFAULT_THEME_COLOR = '#409EFF';
export const WEBSOCKET_PATH = 'electricity/websocket/websocket-server';
/** The list convention's page size limit (the data provider pages through larger requests). */
export const MAX_PAGE_SIZE = 100;
/** How often command progress is polled while commands are under way and the websocket is down. */
export const COMMAND_POLL_MS = 1000;
/** The same with the websocket up: its events drive the updates, this is only a safety net. */
export const COMMAND_POLL_LIVE_MS = 15_000;
/** The platform's time zone: every time on screen and in exports is shown in it, whatever the browser's zone. */
export const PLATFORM_TIME_ZONE: string = import.meta.env.VITE_TIME_ZONE || 'Asia/Shanghai';
/** Rows per page offered by lists (the API serves at most 100). */
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];
/** Below this window width, lists hide their lowest-priority columns by default. */
export const WIDE_SCREEN_PX = 1440;
