import { describe, expect, it } from 'vitest';
import { authorizedDomainsFor, isAuthorizedContinueUrl } from './authorized-domains.ts';

describe('authorizedDomainsFor', () => {
  it('lists the public and production hosts, and localhost only for a loopback installation', () => {
    expect(
      authorizedDomainsFor({ publicUrl: 'https://desk.example.com', productionHost: 'App.Example.com:80' }),
    ).toEqual(['desk.example.com', 'app.example.com']);
    expect(authorizedDomainsFor({ publicUrl: 'http://127.0.0.1:3000', productionHost: '' })).toEqual([
      '127.0.0.1',
      'localhost',
    ]);
  });

  it('leaves out a production host that is no host name, rather than failing to start', () => {
    expect(
      authorizedDomainsFor({ publicUrl: 'https://desk.example.com', productionHost: '</script>$&' }),
    ).toEqual(['desk.example.com']);
    expect(
      authorizedDomainsFor({ publicUrl: 'https://desk.example.com', productionHost: 'evil.example.net/@x' }),
    ).toEqual(['desk.example.com']);
  });

  it('accepts only http(s) URLs whose host is listed', () => {
    const domains = ['desk.example.com'];
    expect(isAuthorizedContinueUrl(new URL('https://desk.example.com/dashboard'), domains)).toBe(true);
    expect(isAuthorizedContinueUrl(new URL('https://desk.example.com.evil.net/'), domains)).toBe(false);
    expect(isAuthorizedContinueUrl(new URL('javascript://desk.example.com/%0aalert(1)'), domains)).toBe(
      false,
    );
  });
});
