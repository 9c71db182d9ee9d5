import { describe, expect, it } from 'vitest';
import { closeTabs, openTab, pinHome, type Tab } from '../../src/preferences/tabs';

const tabs = (...paths: string[]): Tab[] => paths.map((path) => ({ path }));
const paths = (list: Tab[]) => list.map((t) => t.path);
const five = tabs('/index', '/waterarchive', '/project', '/danjiabiao', '/guzhang');

describe('tab rules', () => {
  it('open a tab per page after the home tab, updating the url of a page already open', () => {
    expect(paths(openTab([], '/waterarchive'))).toEqual(['/index', '/waterarchive']);
    expect(paths(openTab(tabs('/index', '/waterarchive'), '/waterarchive?page=2'))).toEqual(['/index', '/waterarchive?page=2']);
    expect(paths(openTab(tabs('/index'), '/waterarchive/12'))).toEqual(['/index', '/waterarchive/12']);
  });

  it('closing the active tab moves to its right neighbour, else its left one', () => {
    expect(closeTabs(five, '/project', 'current', '/project')).toEqual({ tabs: tabs('/index', '/waterarchive', '/danjiabiao', '/guzhang'), navigateTo: '/danjiabiao' });
    expect(closeTabs(five, '/guzhang', 'current', '/guzhang').navigateTo).toBe('/danjiabiao');
    expect(closeTabs(five, '/project', 'current', '/guzhang')).toEqual({ tabs: tabs('/index', '/waterarchive', '/danjiabiao', '/guzhang') });
  });

  it('closes to the left and right (never the home tab), all others, and all', () => {
    expect(paths(closeTabs(five, '/project', 'left', '/project').tabs)).toEqual(['/index', '/project', '/danjiabiao', '/guzhang']);
    expect(closeTabs(five, '/project', 'left', '/waterarchive')).toEqual({ tabs: tabs('/index', '/project', '/danjiabiao', '/guzhang'), navigateTo: '/project' });
    expect(paths(closeTabs(five, '/project', 'right', '/project').tabs)).toEqual(['/index', '/waterarchive', '/project']);
    expect(closeTabs(five, '/project', 'others', '/guzhang')).toEqual({ tabs: tabs('/index', '/project'), navigateTo: '/project' });
    expect(closeTabs(five, '/project', 'all', '/project')).toEqual({ tabs: tabs('/index'), navigateTo: '/index' });
  });

  it('refuses an unknown command and changes nothing', () => {
    expect(closeTabs(five, '/project', 'sideways', '/project')).toEqual({ tabs: five, invalid: true });
  });

  it('pin no tab for a role without Home, and send closing all to its landing screen', () => {
    const places = { home: undefined, landing: '/chongzhihuizong' };
    expect(paths(openTab([], '/project', places))).toEqual(['/project']);
    expect(paths(openTab(tabs('/project'), '/guzhang', places))).toEqual(['/project', '/guzhang']);
    const two = tabs('/project', '/guzhang');
    expect(closeTabs(two, '/guzhang', 'all', '/guzhang', places)).toEqual({ tabs: [], navigateTo: '/chongzhihuizong' });
    expect(closeTabs(tabs('/project'), '/project', 'current', '/project', places)).toEqual({ tabs: [], navigateTo: '/chongzhihuizong' });
    expect(paths(closeTabs(two, '/guzhang', 'left', '/guzhang', places).tabs)).toEqual(['/guzhang']);
  });

  it("pin the role's own Home first (the electricity home for a role with no water home)", () => {
    expect(paths(pinHome(tabs('/project', '/index_water'), { home: '/index_water' }))).toEqual(['/index_water', '/project']);
    expect(paths(openTab(tabs('/project'), '/guzhang', { home: '/index_water' }))).toEqual(['/index_water', '/project', '/guzhang']);
    expect(closeTabs(tabs('/index_water', '/project'), '/project', 'all', '/project', { home: '/index_water' })).toEqual({ tabs: tabs('/index_water'), navigateTo: '/index_water' });
  });
});
