import { describe, expect, it } from 'vitest';
import { closeTabs, openTab, type Tab } from '../../src/preferences/tabs';

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
});
