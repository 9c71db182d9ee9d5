/** Messages of the API's grant check (issue 33), merged into i18n/en.ts. */
const grants = {
  server: {
    errors: {
      screenNotGranted: 'Access denied: your role is not granted this screen',
    },
  },
  layout: {
    menuChanged: 'Your permissions have changed; the menu was updated',
  },
};

export default grants;
