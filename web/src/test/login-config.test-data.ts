/** What GET /login/config answers in tests: the built-in provider on a local server. */
export const LOGIN_CONFIG = {
  issuer: 'http://localhost:3000/idp',
  authorization_endpoint: 'http://localhost:3000/idp/auth',
  client_id: 'nordlys-web',
  scope: 'openid email profile',
  redirect_path: '/login/callback',
};
