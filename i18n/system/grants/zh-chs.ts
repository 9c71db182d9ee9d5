/** Messages of the API's grant check (issue 33), merged into i18n/zh-chs.ts. */
const grants = {
  server: {
    errors: {
      screenNotGranted: '拒绝访问：您的角色没有此功能的权限',
    },
  },
  layout: {
    menuChanged: '您的权限已变更，菜单已更新',
  },
};

export default grants;
