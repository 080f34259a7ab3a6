import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInBrand } from '../../../testing/render';
import { MaintenancePage } from './maintenance-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MaintenancePage', () => {
  it("shows the heading, the subtitle and the operator's message", () => {
    renderInBrand(<MaintenancePage message="Back at 10:00" />);

    expect(screen.getByRole('heading', { level: 1, name: 'System Maintenance' })).toBeTruthy();
    expect(screen.getByText('RESTRICTION OF VISIT')).toBeTruthy();
    expect(screen.getByText('Back at 10:00')).toBeTruthy();
  });

  it('falls back to the translated default message when the operator left none', () => {
    renderInBrand(<MaintenancePage message="  " />);

    expect(screen.getByText('The system is under maintenance. Please come back later.')).toBeTruthy();
  });

  it('opens live chat in a 440x750 window named customerService', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    renderInBrand(<MaintenancePage message={null} />);

    fireEvent.click(screen.getByRole('button', { name: 'Contact Us' }));

    expect(open).toHaveBeenCalledOnce();
    const [url, name, features] = open.mock.calls[0] ?? [];
    expect(url).toBe('https://chat.example/demo');
    expect(name).toBe('customerService');
    expect(features).toMatch(/width=440,height=750/);
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('tells the visitor when the browser blocked the chat window', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderInBrand(<MaintenancePage message={null} />);

    fireEvent.click(screen.getByRole('button', { name: 'Contact Us' }));

    expect(screen.getByRole('alert').textContent).toBe('Popup blocked. Please allow popups and try again.');
  });
});
