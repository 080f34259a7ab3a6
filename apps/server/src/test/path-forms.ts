const hex = (c: string, upper: boolean) => {
  const code = c.charCodeAt(0).toString(16);
  return `%${upper ? code.toUpperCase() : code}`;
};

/**
 * The same path written as the router still reads it: a letter of the first segment percent-encoded
 * (lower- and upper-case hex), a letter of a later segment, every letter; and forms the router does
 * not take (double and trailing slashes, an encoded slash), which must not get past either
 * (issue 19, item 4: the site state is decided on the route the router chose).
 */
export const encodings = (path: string): string[] => {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const last = rest.at(-1) ?? '';
  const forms = [
    `/${hex(first[0]!, false)}${first.slice(1)}${tail}`,
    `/${hex(first[0]!, true)}${first.slice(1)}${tail}`,
    `/${first.slice(0, -1)}${hex(first.at(-1)!, true)}${tail}`,
    `/${[...first].map((c, i) => hex(c, i % 2 === 0)).join('')}${tail}`,
    `/${[...path.slice(1)].map((c) => (c === '/' ? c : hex(c, false))).join('')}`,
    `//${path.slice(1)}`,
    path.replace(`/${first}/`, `/${first}//`),
    `${path}/`,
    path.replace(`/${first}/`, `/${first}%2F`),
  ];
  if (last) forms.push(path.slice(0, -last.length) + hex(last[0]!, true) + last.slice(1));
  return [...new Set(forms)];
};
