import { defineConfig } from 'docsgen';

const urls = {
  help: 'https://help.acme-sign.example',
  repository: 'https://github.example/acme-sign',
  marketing: 'https://www.acme-sign.example',
  privacy: 'https://www.acme-sign.example/privacy',
  terms: 'https://www.acme-sign.example/terms',
  cookies: 'https://www.acme-sign.example/cookies',
  app: 'https://app.acme-sign.example',
  api: 'https://api.acme-sign.example/api/v2',
  mcp: 'https://mcp.acme-sign.example/mcp',
};

export default defineConfig({
  title: 'Acme Sign Developers',
  tagline: 'Send documents for signature, track every signer and collect completed data with the eSignature REST API.',
  url: 'https://developers.acme-sign.example',
  baseUrl: '/',
  product: { name: 'Acme Sign', slug: 'acme-sign' },
  docs: {
    versionLabel: 'v2.9.0',
    changelogPath: '/docs/esignature-api/changelog/',
    // A placeholder: the repository that holds this project, at the branch to edit.
    editUrl: `${urls.repository}/developer-docs/edit/main/`,
  },
  openapi: 'openapi/esignature-api.yaml',
  navbar: {
    logo: { alt: 'Acme Sign', src: '/img/logo.svg' },
    items: [
      { type: 'docSidebar', label: 'View Docs' },
      { type: 'docsVersionDropdown' },
      { type: 'link', label: 'Help', href: urls.help },
      { type: 'link', label: 'GitHub', href: urls.repository },
      { type: 'search' },
    ],
  },
  footer: {
    links: [
      { label: 'Privacy Policy', href: urls.privacy },
      { label: 'Terms of Use', href: urls.terms },
      { label: 'Cookies Policy', href: urls.cookies },
    ],
    logo: { alt: 'Acme Sign', src: '/img/logo.svg', href: urls.marketing },
    copyright: 'Copyright © 2014-2025 Acme Sign, Inc.',
  },
  announcementBar: {
    id: 'api-2-9-0',
    content: 'API 2.9.0 is out: what it contains, and how versions work.',
    href: '/docs/esignature-api/changelog/',
    isCloseable: true,
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  theme: { favicon: '/img/favicon.svg' },
  // This site's own {{names}} for the URLs its pages give.
  variables: {
    apiBase: urls.api,
    appUrl: urls.app,
    helpUrl: urls.help,
    repoUrl: urls.repository,
    mcpUrl: urls.mcp,
    marketingUrl: urls.marketing,
  },
  search: {
    maxResultsPerGroup: 5,
    missingResultsUrl: `${urls.repository}/issues/new?title=${encodeURIComponent('Search: no results for ')}{query}`,
  },
  attribution: { assetsHost: 'https://assets.acme-sign.example', path: '/attribution.js' },
});
