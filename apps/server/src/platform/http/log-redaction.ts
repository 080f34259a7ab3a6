import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets: reset tokens, one-time and OAuth codes, signatures. */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'state',
  'password',
  'secret',
  'signature',
  'sig',
  'key',
  'apikey',
  'access_token',
  'id_token',
  'refresh_token',
  'otp',
  'verificationcode',
]);

/** '/resetPassword?token=abc&lang=en' → '/resetPassword?token=[REDACTED]&lang=en'. */
export const redactUrl = (url: string): string => {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that does not decode is logged as it is.
      }
      return eq >= 0 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
};

/** The request as the log shows it: no secret query parameters; headers are redacted by path. */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
