import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInBrand } from '../../../testing/render';
import { RestrictionPage } from './restriction-page';

afterEach(cleanup);

const factValue = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('RestrictionPage', () => {
  it("shows the visitor's IP address and country and why access is refused", () => {
    renderInBrand(<RestrictionPage location={{ ip: '203.0.113.7', country: 'VN' }} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Access restricted' })).toBeTruthy();
    expect(screen.getByText('Your location or IP address is not allowed to visit this site.')).toBeTruthy();
    expect(factValue('IP address')).toBe('203.0.113.7');
    expect(factValue('Country')).toBe('Vietnam (VN)');
    expect(screen.getByRole('button', { name: 'Contact Us' })).toBeTruthy();
  });

  it('says Unknown when the address has no country (private or loopback)', () => {
    renderInBrand(<RestrictionPage location={{ ip: '127.0.0.1', country: null }} />);

    expect(factValue('IP address')).toBe('127.0.0.1');
    expect(factValue('Country')).toBe('Unknown');
  });
});
