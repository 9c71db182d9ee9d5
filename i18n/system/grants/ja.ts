/** Messages of the API's grant check (issue 33), merged into i18n/ja.ts. */
const grants = {
  server: {
    errors: {
      screenNotGranted: 'アクセスが拒否されました：このロールにはこの画面の権限がありません',
    },
  },
  layout: {
    menuChanged: '権限が変更されたため、メニューを更新しました',
  },
};

export default grants;
