import { describe, expect, it } from 'vitest';
import { normalizeHost } from './service.js';

describe('normalizeHost', () => {
  it.each([
    ['localhost', 'localhost'],
    ['localhost:8080', 'localhost'],
    ['HTTPS://Demo.Example.com:8443/index?x=1#top', 'demo.example.com'],
    ['http://user:pw@demo.example.com/', 'demo.example.com'],
    ['demo.example.com.', 'demo.example.com'],
    ['[::1]:8080', '::1'],
    ['http://[::1]/', '::1'],
    ['::1', '::1'],
    ['127.0.0.1:3000', '127.0.0.1'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });
});
