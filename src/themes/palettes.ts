/** The six themes of the console (SPEC.md section 2), as data. */
export type ThemeName = 'classic' | 'violet' | 'chester' | 'simpleLine' | 'meteor' | 'darkBlue';

export interface ThemeSpec {
  name: ThemeName;
  mode: 'light' | 'dark';
  /** Page background and surfaces. */
  background: string;
  paper: string;
  text: string;
  textSecondary: string;
  /** App bar. */
  appBar: string;
  appBarText: string;
  /** Side menu. */
  sidebar: string;
  sidebarText: string;
  sidebarActive: string;
  sidebarActiveText: string;
  /** Table header row. */
  tableHead: string;
  divider: string;
  borderRadius: number;
  /** Draws lines instead of shadows (simple line). */
  outlined?: boolean;
}

export const THEMES: ThemeSpec[] = [
  {
    name: 'classic', mode: 'light', background: '#f0f2f5', paper: '#ffffff', text: '#303133', textSecondary: '#5f6368',
    appBar: '#304156', appBarText: '#ffffff', sidebar: '#304156', sidebarText: '#e6ebf2', sidebarActive: '#263445', sidebarActiveText: '#ffffff',
    tableHead: '#f5f7fa', divider: '#e4e7ed', borderRadius: 4,
  },
  {
    name: 'violet', mode: 'light', background: '#f5f3fb', paper: '#ffffff', text: '#2d2540', textSecondary: '#5b5270',
    appBar: '#5b3cc4', appBarText: '#ffffff', sidebar: '#2e1f5e', sidebarText: '#e4dcff', sidebarActive: '#4a33a0', sidebarActiveText: '#ffffff',
    tableHead: '#efeafc', divider: '#e3dcf5', borderRadius: 8,
  },
  {
    name: 'chester', mode: 'light', background: '#f0f2f5', paper: '#ffffff', text: '#1f2d3d', textSecondary: '#5a6472',
    appBar: '#ffffff', appBarText: '#1f2d3d', sidebar: '#ffffff', sidebarText: '#2c3a4b', sidebarActive: '#e8f3ff', sidebarActiveText: '#0b5cad',
    tableHead: '#fafafa', divider: '#ebeef5', borderRadius: 6,
  },
  {
    name: 'simpleLine', mode: 'light', background: '#ffffff', paper: '#ffffff', text: '#222222', textSecondary: '#5c5c5c',
    appBar: '#ffffff', appBarText: '#222222', sidebar: '#ffffff', sidebarText: '#333333', sidebarActive: '#f2f2f2', sidebarActiveText: '#000000',
    tableHead: '#ffffff', divider: '#d9d9d9', borderRadius: 0, outlined: true,
  },
  {
    name: 'meteor', mode: 'light', background: '#eef1f7', paper: '#ffffff', text: '#1d2433', textSecondary: '#505a6d',
    appBar: '#0f1a2e', appBarText: '#ffffff', sidebar: '#16223a', sidebarText: '#d5dcea', sidebarActive: '#b8322a', sidebarActiveText: '#ffffff',
    tableHead: '#e9edf5', divider: '#dde3ee', borderRadius: 10,
  },
  {
    name: 'darkBlue', mode: 'dark', background: '#1e1e1e', paper: '#252526', text: '#d4d4d4', textSecondary: '#a8a8a8',
    appBar: '#1f2a3c', appBarText: '#e6edf7', sidebar: '#181818', sidebarText: '#cccccc', sidebarActive: '#094771', sidebarActiveText: '#ffffff',
    tableHead: '#2d2d30', divider: '#3c3c3c', borderRadius: 2,
  },
];

export const THEME_NAMES = THEMES.map((theme) => theme.name);

/** SPEC.md: the default on first load is the third theme (Chester). */
export const DEFAULT_THEME: ThemeName = THEMES[2].name;

/** A theme name not in the list falls back to the first when set… */
export const themeForSetting = (name: string): ThemeName => (THEME_NAMES.includes(name as ThemeName) ? (name as ThemeName) : THEMES[0].name);
/** …and to the third on load. */
export const themeOnLoad = (name: string | undefined): ThemeName => (name && THEME_NAMES.includes(name as ThemeName) ? (name as ThemeName) : DEFAULT_THEME);

export const specOf = (name: ThemeName) => THEMES.find((theme) => theme.name === name) ?? THEMES[2];
