/** Port of nginx in front of the two instances in the proxy test (E2E_PROXY_PORT, default 8282): the browser's base URL. */
export const PROXY_PORT = Number(process.env.E2E_PROXY_PORT ?? 8282);
