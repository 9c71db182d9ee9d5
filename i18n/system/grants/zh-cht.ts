/** Messages of the API's grant check (issue 33), merged into i18n/zh-cht.ts. */
const grants = {
  server: {
    errors: {
      screenNotGranted: '拒絕存取：您的角色沒有此功能的權限',
    },
  },
  layout: {
    menuChanged: '您的權限已變更，選單已更新',
  },
};

export default grants;
