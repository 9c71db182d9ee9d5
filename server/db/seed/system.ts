import { schema, type Db } from '../index';
import { MENU_GROUPS, ROUTES, routeName } from '../../../common/routeCatalog';
import zhChs from '../../../i18n/zh-chs';

const { areas, roles, resources, roleResources, sysUsers } = schema;

export interface SystemSeed {
  areaIds: [number, number];
  adminId: number;
  roleIds: { admin1: number; admin2: number; viewer: number };
}

/**
 * Areas, roles, the default menu tree (every route of SPEC.md under the menu groups of
 * SCREENS.md) and the demo users admin, admin2 and viewer, all with the given password hash.
 */
export async function seedSystem(db: Db, passwordHash: string): Promise<SystemSeed> {
  const [area1, area2] = await db.insert(areas).values([{ name: '华东片区' }, { name: '华南片区' }]).returning();
  await db.insert(areas).values({ name: '华东片区·一分区', parentId: area1.id });

  const [root] = await db.insert(resources).values({ userType: 0, parentId: 0, userSort: 0, name: '预付费云平台', resUrl: '', icon: '' }).returning();
  const pageIds: number[] = [root.id];
  let demoId: number | undefined;
  for (const [g, { group, icon }] of MENU_GROUPS.entries()) {
    const [groupRow] = await db.insert(resources).values({ userType: 1, parentId: root.id, userSort: (g + 1) * 10, name: zhChs.menuGroups[group], resUrl: '', icon }).returning();
    pageIds.push(groupRow.id);
    const pages = ROUTES.filter((route) => route.group === group);
    const rows = await db.insert(resources).values(pages.map((route, i) => ({
      userType: 2, parentId: groupRow.id, userSort: (i + 1) * 10,
      name: (zhChs.routes as Record<string, string>)[routeName(route.path)], resUrl: route.path, icon: route.icon,
    }))).returning({ id: resources.id, resUrl: resources.resUrl });
    pageIds.push(...rows.map((row) => row.id));
    demoId ??= rows.find((row) => row.resUrl === 'page3')?.id;
  }

  const [admin1, admin2, viewer] = await db.insert(roles).values([
    // The demo platform administrator's role: it alone may edit the shared menu tree.
    { areaId: area1.id, name: '系统管理员', remark: '华东片区全部权限（平台管理员）', platformAdmin: true },
    { areaId: area2.id, name: '系统管理员', remark: '华南片区全部权限' },
    { areaId: area1.id, name: '只读操作员', readOnly: true, remark: '华东片区只读' },
  ]).returning();
  for (const role of [admin1, admin2, viewer]) {
    // The demo page (系统管理 / 演示, page3) is for people extending the console, not operators
    // (issue 34): granted to the platform administrator's role only.
    const granted = role === admin1 ? pageIds : pageIds.filter((id) => id !== demoId);
    await db.insert(roleResources).values(granted.map((resourceId) => ({ roleId: role.id, resourceId })));
  }

  const [admin] = await db.insert(sysUsers).values([
    { userName: 'admin', realName: '管理员', roleId: admin1.id, areaId: area1.id, passwordHash },
    { userName: 'admin2', realName: '华南管理员', roleId: admin2.id, areaId: area2.id, passwordHash },
    { userName: 'viewer', realName: '只读操作员', roleId: viewer.id, areaId: area1.id, passwordHash },
  ]).returning();
  return { areaIds: [area1.id, area2.id], adminId: admin.id, roleIds: { admin1: admin1.id, admin2: admin2.id, viewer: viewer.id } };
}
