// The seeded directory photos (README.md, Demo accounts (sandbox): admin@acme.example "has photo"), drawn as SVG avatars so
// the sandbox needs no binary files. Keys are the file names the dataset stores.

function avatar(initials: string, background: string, label: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img"',
    ` aria-label="${label}">`,
    `<circle cx="48" cy="48" r="48" fill="${background}"/>`,
    '<text x="48" y="60" font-family="Arial, Helvetica, sans-serif" font-size="36"',
    ` font-weight="bold" fill="#ffffff" text-anchor="middle">${initials}</text>`,
    '</svg>',
  ].join('');
}

export const SANDBOX_PHOTOS: Readonly<Record<string, string>> = {
  'admin-acme.svg': avatar('AA', '#1a73e8', 'Photo of admin@acme.example'),
};
