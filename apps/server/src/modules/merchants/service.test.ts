import { describe, expect, it } from 'vitest';
import { hostOfHeader } from './service.js';

describe('hostOfHeader', () => {
  it.each([
    ['localhost', 'localhost'],
    ['localhost:8080', 'localhost'],
    ['Demo.Example.com:8443', 'demo.example.com'],
    ['demo.example.com.', 'demo.example.com'],
    ['[::1]:8080', '::1'],
    ['[::1]', '::1'],
    ['127.0.0.1:3000', '127.0.0.1'],
  ])('%s names the host %s', (input, expected) => {
    expect(hostOfHeader(input)).toBe(expected);
  });

  it.each([
    ['attacker.example\\@localhost'],
    ['attacker.example@localhost'],
    ['user:pw@localhost'],
    ['localhost/evil'],
    ['localhost?x'],
    ['local host'],
    ['https://localhost'],
    ['localhost:80:80'],
    ['-bad.example'],
    [''],
  ])('%s names no host at all', (input) => {
    expect(hostOfHeader(input)).toBeUndefined();
  });
});
