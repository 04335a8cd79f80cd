/**
 * How the built-in shop (./shop.ts) is reached beyond its phones, as the footer shows it until the settings
 * are read (the server starts from it too). A module of its own: only the footer, which loads after the first
 * paint, needs it.
 */
export const builtInContact = {
  email: 'support@haat.com.bd',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/haat.com.bd' },
    { name: 'Instagram', url: 'https://www.instagram.com/haat.com.bd' },
    { name: 'YouTube', url: 'https://www.youtube.com/@haat.com.bd' },
  ],
}
