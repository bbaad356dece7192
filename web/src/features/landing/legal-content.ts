export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  sections: LegalSection[];
}

export const LEGAL_LAST_UPDATED = 'June 16th, 2024';

export function termsOfUse(supportEmail: string): LegalDocument {
  return {
    title: 'Terms of Use',
    lastUpdated: LEGAL_LAST_UPDATED,
    sections: [
      {
        title: 'Acceptance of Terms',
        paragraphs: [
          'By creating an account or using Tend, you agree to these Terms of Use and to our Privacy Policy. If you do not agree, please do not use the service.',
        ],
      },
      {
        title: 'Subscription and Billing',
        paragraphs: [
          'Tend offers a free plan and a paid Premium plan. Premium is billed monthly or annually, in advance, through our payment provider.',
          'Payments are non-refundable. You can change your plan at any time; the change takes effect from the next billing cycle.',
        ],
      },
      {
        title: 'Account Information',
        paragraphs: [
          'You agree to give accurate information when you sign up and to keep your email address current. You are responsible for keeping your password confidential and for all activity under your account.',
        ],
      },
      {
        title: 'Use of Service',
        paragraphs: [
          'Tend is a personal tool for keeping in touch with your professional contacts and is used together with a professional social network. You agree to use it lawfully, to respect that network’s own terms, and to add only information you are entitled to keep.',
          'You keep ownership of the content you add. You may not misuse the service, attempt to access other accounts, or interfere with its operation.',
        ],
      },
      {
        title: 'Cancellation',
        paragraphs: [
          'You can cancel Premium at any time from your account page. Cancellation takes effect at the end of the current billing period, and you keep Premium access until then. You can delete your account at any time.',
        ],
      },
      {
        title: 'Changes to the Service',
        paragraphs: [
          'We may improve, change or discontinue features of Tend. We may also update these terms; when we make material changes we will let you know, and continued use after that means you accept the updated terms.',
        ],
      },
      {
        title: 'Limitation of Liability',
        paragraphs: [
          'Tend is provided "as is" without warranties of any kind. To the extent permitted by law, we are not liable for indirect or consequential damages, lost opportunities, or data loss arising from your use of the service.',
        ],
      },
      {
        title: 'Contact Information',
        paragraphs: [`Questions about these terms? Write to us at ${supportEmail}.`],
      },
    ],
  };
}

export function privacyPolicy(supportEmail: string): LegalDocument {
  return {
    title: 'Privacy Policy',
    lastUpdated: LEGAL_LAST_UPDATED,
    sections: [
      {
        title: 'Information We Collect',
        paragraphs: [
          'Your account details (name, email address and a hashed password), the contacts, interaction notes and reminders you add, and basic technical information needed to keep you signed in securely.',
        ],
      },
      {
        title: 'How We Use Information',
        paragraphs: [
          'We use your information only to provide Tend: to show your board, send the reminders and emails you asked for, draft follow-up messages on request, and handle billing.',
        ],
      },
      {
        title: 'Sharing',
        paragraphs: [
          'We do not sell your data. We share it only with the providers that run parts of the service for us, such as payment processing, email delivery and, when you ask for a draft, the AI provider that writes it.',
        ],
      },
      {
        title: 'Retention and Deletion',
        paragraphs: [
          'We keep your data while your account exists. When you delete your account, your contacts, notes and reminders are deleted with it.',
        ],
      },
      {
        title: 'Security',
        paragraphs: [
          'Passwords are stored hashed, connections are encrypted, and your data is only ever shown to you.',
        ],
      },
      {
        title: 'Contact Information',
        paragraphs: [`Questions about your privacy? Write to us at ${supportEmail}.`],
      },
    ],
  };
}
