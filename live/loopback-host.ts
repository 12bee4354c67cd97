// Why: a listener on a loopback address is still reachable from any web page the user opens: a
// page on a hostname that an attacker's DNS rebinds to 127.0.0.1 sends requests that carry its
// own name in Host (and its own origin in Origin). Every loopback listener of the tool (the
// inspector page, the HTTP tap) answers only requests that name it by a loopback name and its
// port, and only pages whose origin is on this machine; the tests of both hold this one check.

/** Whether a host names a loopback interface: 127.0.0.0/8, ::1 or localhost (brackets allowed around ::1). */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(name) && name.split('.').every((p) => Number(p) <= 255);
}

/** Whether a Host header names this listener (bound on `address`, shown with brackets for IPv6) by a loopback name and its port. */
export function isOwnHost(host: string | undefined, address: string, port: number): boolean {
  if (host === undefined) return false;
  return [`${address}:${port}`, `127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host.toLowerCase());
}

/** Whether an Origin header names a page served from this machine (http or https on a loopback name, any port). */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin.toLowerCase().replace(/\/$/, '') && isLoopbackHost(url.hostname);
}

/** A header value as a refusal names it: printable ASCII only (anything else escaped), at most 100 characters, quoted. */
function shown(value: string): string {
  const cut = value.length > 100 ? `${value.slice(0, 100)}...` : value;
  return `"${cut.replace(/[^\x20-\x7e]|["\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/** Why a request to a loopback listener is refused (undefined: it is addressed to this listener from this machine). */
export function foreignAddressing(headers: { readonly host?: string | undefined; readonly origin?: string | string[] | undefined }, address: string, port: number): string | undefined {
  if (!isOwnHost(headers.host, address, port)) return headers.host === undefined ? 'no Host header' : `Host ${shown(headers.host)}`;
  const origin = headers.origin;
  if (origin === undefined) return undefined;
  if (Array.isArray(origin) || !isLoopbackOrigin(origin)) return `Origin ${shown(Array.isArray(origin) ? origin.join(', ') : origin)}`;
  return undefined;
}
