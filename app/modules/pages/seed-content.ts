import { landingText, type LandingContent } from "./landing";
import { SEED_LANDINGS } from "./seed-landing";

/**
 * The informational pages every Sanctuary database starts with. Administrators can edit them
 * afterwards; seeding never overwrites an edited page, and brings a page an admin never edited up
 * to the current text (see seed-history.ts: list the old body's hash there when changing a text). Bodies are GitHub-flavoured Markdown
 * (rendered with micromark and its GitHub extensions, no raw HTML). Company name, postal address and
 * contact e-mail are deliberately absent: they come from the site settings.
 */
export interface SeedPage {
  slug: string;
  kind: "info" | "landing";
  title: string;
  body: string;
  landing: LandingContent | null;
}

const ABOUT = `Sanctuary is a home for people who study and practise the mystical and occult arts. It is a place to learn carefully, share honestly and grow alongside others who take the path seriously.

## Who Sanctuary is for

- **Complete beginners** who are curious but unsure where to start, and want a patient, trustworthy place to ask questions.
- **Intermediate practitioners** who have a practice of their own and want to deepen it, compare notes and find study partners.
- **Advanced practitioners** who enjoy teaching, mentoring and exchanging ideas with people who have walked the path for years.

Whatever your tradition, you are welcome here as long as you bring curiosity and respect.

## What you will find

- **Discussions** — threads organised by topic, where members ask questions, share experiences and work through ideas together.
- **Members** — every member has a profile with a short biography, a rank and badges, and the [member list](/members) shows the community by reputation.
- **Direct messages** — private, one-to-one conversations between members.
- **Daily recommendations** — full members get personal picks of discussions every day, chosen from what they read and write.

Your [profile](/profile) and [dashboard](/dashboard) keep track of your activity, and members earn experience and ranks as they contribute.

## Our values

- **Respect.** Traditions differ, and so do people. Disagree with ideas, never attack the person.
- **Discernment.** We encourage critical thinking, honest sourcing and a clear line between personal experience and established fact.
- **Safety.** Some practices are physically or emotionally intense. We ask members to use content warnings and to look after themselves and each other.
- **No harmful practices.** Sanctuary is not a place for curses aimed at real people, dangerous advice about health or anything that puts someone at risk.
- **Privacy.** We collect only what we need to run the community, and direct messages are seen only by the two members in them.

You can read the details in our [community guidelines](/help/guidelines) and [privacy policy](/privacy).

## How membership works

**Free membership** lets you create an account, complete your profile and take part in the community. No credit card is needed to join.

**Full membership** adds what only full members get, such as daily personal recommendations and posting in the discussion categories the team reserves for them, for a monthly subscription; the [membership page](/subscription) lists all of it with the current price. Your first payment is covered by a 30-day money-back guarantee, and you can cancel at any time. See the [refund policy](/refunds) and the [terms of service](/terms) for the details.

## Getting started

Ready to begin? [Create your free account](/auth), then visit the [help center](/help) for a short tour or browse the [frequently asked questions](/faq). We are glad you found us.
`;

const PRIVACY = `This policy explains, in plain language, what information Sanctuary collects, why we collect it, how long we keep it and what you can do about it. We collect as little as we can and never sell your data.

## What we collect

**Account information.** Your e-mail address and password when you create an account. Your password is stored only in a securely hashed form; we cannot read it.

**Profile information.** Your display name, profile link, optional biography and optional avatar. These appear on your profile and next to what you post.

**What you post.** Discussions, replies and other content you share in the community, along with when you posted it.

**Your language choice.** The language you select for the interface, so Sanctuary appears in the right language each time.

**Technical logs.** When you sign in or use the site, our servers record basic technical events (for example, sign-in attempts and errors). IP addresses in these logs are stored as a one-way hash, which lets us detect abuse such as repeated failed sign-ins without keeping your actual address.

## Cookies

Sanctuary uses only cookies that are strictly necessary for the site to work. We do not use advertising or tracking cookies, and we do not use third-party analytics cookies.

| Cookie | Purpose |
| --- | --- |
| Session cookie | Keeps you signed in securely between pages. |
| Language cookie | Remembers the language you chose. |
| Sidebar cookie | Remembers whether you prefer the sidebar open or collapsed. |

Because these cookies are essential, we do not ask for consent to set them. Blocking them in your browser may stop Sanctuary from working properly.

## Why we use your information

- To create and run your account and sign you in securely.
- To show your profile and posts on the site.
- To display Sanctuary in your preferred language.
- To keep the community safe: preventing abuse, investigating reports and enforcing our [community guidelines](/help/guidelines).
- To send you essential messages, such as password resets and important account notices.
- To manage your membership and billing if you choose full membership.

## Payments

If you become a full member, your payment is processed by our payment provider. Your card details go directly to them and are never stored on Sanctuary's servers. We keep only what we need to manage your membership, such as its status and renewal date.

## Who can see your information

Your profile and what you post in discussions can be read by anyone who visits Sanctuary, including people without an account and search engines, unless the team has turned on members-only reading: then visitors see only the titles of discussions, and profiles, posts and replies are for signed-in members. Your e-mail address is never shown to other members, and direct messages are seen only by you and the member you write to. A small team of moderators and administrators can access account information when needed to run and protect the community. We share data with service providers (such as hosting and payment processing) only as far as they need it to provide their service, or when required by law.

## How long we keep it

- **Account and profile data:** for as long as your account is open.
- **Posts:** for as long as your account is open, unless you or a moderator remove them sooner.
- **Technical logs:** for a limited period needed for security, after which they are deleted.
- **Billing records:** for as long as the law requires us to keep them.

When you delete your account, we remove or anonymise your personal data within a reasonable time, except where we must keep it by law.

## Your rights

You can ask us at any time to:

- **Access** the personal data we hold about you.
- **Correct** anything that is inaccurate. Much of it you can change yourself in [settings](/settings).
- **Delete** your account and personal data.
- **Export** your data in a portable format.

You may also object to certain uses of your data or complain to your local data protection authority.

## Changes and contact

If we change this policy in a meaningful way, we will let members know before the change takes effect. For any privacy question or request, please reach out through the [help center](/help).
`;

const TERMS = `These terms describe the agreement between you and Sanctuary when you use the platform. Please read them carefully. By creating an account, you agree to them.

## Your account

- You must be old enough to enter into this agreement where you live, and at least 18 years old.
- Give accurate information when you sign up and keep your e-mail address up to date.
- Keep your password safe. You are responsible for what happens under your account.
- One person, one account. Accounts cannot be shared, sold or transferred.

## Acceptable use

Sanctuary is a community built on respect and trust. When using it, you agree not to:

- Harass, threaten, demean or target other members.
- Share advice that could put someone's health or safety at risk, or encourage self-harm.
- Post illegal content, or content that infringes someone else's rights.
- Spam, advertise or promote your own services without permission from the team.
- Share other members' personal information or private conversations without consent.
- Attempt to break, overload or gain unauthorised access to the platform.

Our [community guidelines](/help/guidelines) explain these expectations in more detail and form part of these terms.

## Your content

You keep ownership of everything you write and upload. By posting on Sanctuary, you give us a non-exclusive, worldwide, royalty-free licence to store, display and distribute that content on the platform so that others can see it. This licence ends when you delete the content or your account, except for copies other members have quoted in their replies or that we must keep for legal reasons.

Only post content you have the right to share. If you quote books or teachers, credit them.

## Moderation

Our moderators keep the community safe and welcoming. They may edit, hide or remove content, and they may warn, restrict or suspend accounts that break these terms or the guidelines. We aim to be fair and proportionate and to explain our decisions where we can.

## Memberships and billing

- **Free membership** requires no payment and no credit card.
- **Full membership** is a monthly subscription. The price is shown before you pay and is charged in advance for each month.
- Subscriptions renew automatically until you cancel. You can cancel at any time, and you keep access until the end of the period you have paid for.
- Your first full membership payment is covered by a 30-day money-back guarantee. Our [refund policy](/refunds) explains how it works.
- If we change the price, we will tell you in advance, and the new price applies only from your next billing period.

## Termination

You can close your account at any time. We may suspend or close an account that seriously or repeatedly breaks these terms, or where we are required to by law. If we close a paid account for reasons other than a breach of these terms, we will refund the unused part of your current period.

## Disclaimers

Spiritual, mystical and occult content on Sanctuary is shared for **education and personal exploration**. It is not medical, psychological, legal or financial advice. Always consult a qualified professional about your health, legal matters or finances, and never stop a medical treatment because of something you read here.

Content written by members reflects their own views and experience, not Sanctuary's. We work hard to keep the platform available and secure, but we provide it "as is" and cannot promise it will always be free of interruptions or errors. Nothing in these terms limits rights you have under consumer protection laws that cannot be waived.

## Changes to these terms

We may update these terms as Sanctuary grows. When we make meaningful changes, we will notify members before they take effect. If you continue to use Sanctuary afterwards, the updated terms apply; if you do not agree, you can close your account.

## Questions

If anything here is unclear, visit the [help center](/help) or read our [privacy policy](/privacy).
`;

const REFUNDS = `We want you to join full membership with confidence. If Sanctuary turns out not to be right for you, our money-back guarantee has you covered.

## The 30-day money-back guarantee

Your **first payment** for full membership is covered by a 30-day money-back guarantee. If you ask for a refund within 30 days of that payment, we will refund it in full. No lengthy explanation is needed, although we always appreciate hearing what we could do better.

A few points to keep in mind:

- The guarantee applies once per member, to the first full membership payment.
- Renewal payments after the first month are not covered by the guarantee.
- When your refund is issued, your full membership ends and your account returns to the free tier. Your account, profile and posts stay in place.

## How to ask for a refund

1. Go to the [help center](/help) and contact our support team.
2. Use the e-mail address linked to your Sanctuary account, so we can find your membership quickly.
3. Tell us you would like to use the money-back guarantee.

We aim to respond within a few working days. Once approved, the refund goes back to the payment method you used. Depending on your bank or card issuer, it may take several more working days to appear on your statement.

## Cancelling your membership

You can cancel full membership at any time. Cancelling stops future renewals; it does not end your current period early.

- After you cancel, you **keep full access until the end of the period you have already paid for**.
- When that period ends, your account moves to the free tier automatically.
- Your profile, posts and history remain, and you can rejoin full membership whenever you like.

If you cancel within the first 30 days and would also like your money back, ask for a refund as described above — cancelling on its own does not trigger a refund.

## After the guarantee period

Outside the 30-day guarantee, we do not offer partial refunds for unused days or months. Cancelling simply stops the next renewal, and you continue to enjoy full membership until your paid period ends.

The only exception is **where the law requires a refund**. Nothing in this policy limits any rights you have under the consumer protection laws of the country where you live.

## Billing mistakes

If you believe you were charged in error — for example, charged twice or charged after cancelling — contact us through the [help center](/help) and we will look into it promptly. Genuine billing mistakes are always corrected, whenever they are found.

## Related pages

- [Terms of service](/terms), including the section on memberships and billing.
- [Frequently asked questions](/faq) about membership.
- [Privacy policy](/privacy), including how payment data is handled.
`;

const HELP = `Welcome to the Sanctuary help center. Here you will find the essentials for getting started, finding your way around and managing your account. If your question is not answered here, try the [FAQ](/faq) or contact our support team.

## Getting started

1. **Create your account.** Go to the [sign-in page](/auth) and choose to create an account with your e-mail address and a password. Free membership needs no credit card.
2. **Complete your profile.** Open [settings](/settings) to choose your display name and profile link, write a short biography and add an avatar. A complete profile helps other members get to know you.
3. **Choose your language.** Sanctuary is available in 15 languages. Use the language button at the bottom-left of the screen, or pick a language in [settings](/settings). You can also let Sanctuary follow your browser's language.

Once you are set up, your [dashboard](/dashboard) is your starting point each time you visit.

## Finding your way

- **Discussions.** Browse threads by category, read what others are exploring and join in with your own questions and experiences.
- **Search.** Use the search to find discussions and members by keyword.
- **Sidebar.** The sidebar gives you quick access to every area. You can collapse it to make more room, and Sanctuary remembers your choice.
- **Sitemap.** The [sitemap](/sitemap) lists every main page in one place.

## Your profile and levels

Your [profile](/profile) shows your display name, biography, rank and experience.

- **Experience (XP).** You earn XP by taking part in the community. Every 1,000 XP takes you up one level, and the progress bar on your profile shows how close you are to the next one.
- **Ranks.** As you grow, your rank advances through **initiate → adept → magus → archon**.
- **Headmaster.** This special rank is not earned through XP: it is given by the Sanctuary team to those who guide the community.

## Account and security

- **Forgot your password?** On the [sign-in page](/auth), choose "Forgot your password?" and enter your e-mail address. We will send you a link to choose a new password. The link works once and expires after 60 minutes.
- **Sign out.** Open the account menu at the top of the page and choose **Sign Out**. Always sign out when you use a shared or public computer.
- **Keep your account safe.** Use a strong password that you do not use anywhere else, and never share it — the Sanctuary team will never ask you for it.

## Membership and billing

- **Free membership** gives you access to the community with no credit card.
- **Full membership** adds what only full members get, listed on the [membership page](/subscription), for a monthly subscription; your first payment is covered by a 30-day money-back guarantee.
- You can cancel at any time and keep access until the end of the period you have paid for.

Read the [refund policy](/refunds) and the [terms of service](/terms) for the details.

## Guidelines and FAQ

Before posting, please read our [community guidelines](/help/guidelines). They explain how we keep Sanctuary kind, safe and useful for everyone. For quick answers to common questions, see the [frequently asked questions](/faq).

## Contacting support

Still need help? Use the **Customer Support** button at the top of any page to reach our team. To help us answer quickly:

- Write from the e-mail address linked to your account.
- Describe what you were trying to do and what happened instead.
- Mention the page you were on and, if relevant, the device and browser you use.

We read every message and reply as soon as we can. For questions about your personal data, see the [privacy policy](/privacy).
`;

const GUIDELINES = `Sanctuary works because members treat each other, and the practices we share, with care. These guidelines apply everywhere on the platform: discussions, comments, profiles and direct messages alike. They are part of our [terms of service](/terms).

## Be kind

- Assume good intent. Many members are beginners, and every expert was one once.
- Disagree with ideas, not with people. Traditions differ, and there is room for all of them here.
- Keep criticism constructive and specific, and leave out sarcasm and mockery.

## Share from experience

Personal experience is one of the most valuable things you can offer. Say clearly when something is your own practice, your interpretation or your belief, rather than presenting it as universal truth. "This is what worked for me" invites conversation; "this is the only right way" ends it.

## Cite your sources

When you draw on a book, a teacher or a tradition, say so. Credit authors, link to sources where you can and do not copy large portions of copyrighted work. Good sourcing helps others learn and keeps our shared knowledge trustworthy.

## Use content warnings

Some practices are physically or emotionally intense: fasting, breathwork, trance, shadow work, or working with grief and trauma. When you write about them:

- Add a clear content warning at the top of your post.
- Describe risks honestly, and mention when a practice is not suitable for some people.
- Encourage others to go at their own pace and to stop if something feels wrong.

## No harassment

We do not tolerate harassment of any kind, including insults, threats, stalking, hate speech, unwanted sexual attention, or targeting someone for their identity, beliefs or tradition. Curses, hexes or rituals aimed at harming a real, identifiable person have no place here either.

## No spam or unapproved self-promotion

- Do not post advertisements, affiliate links or repeated promotional messages.
- Offering paid readings, courses or products requires permission from the Sanctuary team first.
- Sharing your own free work is welcome when it adds to the conversation.

## No dangerous advice

- Never advise anyone to stop or replace medical or psychological treatment.
- Do not recommend ingesting herbs, substances or preparations without clear safety information, and never encourage anything that could cause serious harm.
- If someone mentions self-harm or suicide, respond with compassion, encourage them to contact local emergency services or a crisis line, and report the post so our team can help.

## Respect privacy

Treat what members share with care. Do not share screenshots of direct messages, or reveal anyone's real name, location or other personal details without their consent. See our [privacy policy](/privacy) for how we protect your data.

## Moderation and consequences

Our moderators review reports and keep an eye on the community. Depending on how serious and how repeated a problem is, they may:

1. Send a friendly reminder or a formal warning.
2. Edit or remove content.
3. Temporarily restrict posting or suspend an account.
4. Permanently close an account for severe or repeated violations.

Severe violations, such as threats or serious harassment, can lead to immediate suspension. If you think a decision was a mistake, contact us through the [help center](/help) and a different team member will review it.

## How to report

If you see something that breaks these guidelines, report it rather than replying in anger.

- Use the **Customer Support** button at the top of any page, or go through the [help center](/help).
- Include a link to the post or profile concerned.
- Add a short note explaining what is wrong, and say if it is urgent.

Reports are confidential: the person you report is not told who reported them. Thank you for helping keep Sanctuary a safe place to learn and grow.
`;

const FAQ = `Quick answers to the questions members ask most. If yours is not here, visit the [help center](/help).

### Is Sanctuary free?

Yes. Free membership lets you create an account, set up your profile and take part in the community, and it does not require a credit card. [Create your free account](/auth) to get started.

### What does full membership include?

Everything in the free membership, plus what only full members get, such as daily personal recommendations and posting in the discussion categories the team reserves for them. The [membership page](/subscription) lists all of it. It is a monthly subscription, and the current price is always shown before you pay.

### Is there a money-back guarantee?

Yes. Your first full membership payment is covered by a 30-day money-back guarantee. If Sanctuary is not right for you, ask for a refund within 30 days and you will get it in full. See the [refund policy](/refunds).

### How do I cancel my membership?

You can cancel at any time. Cancelling stops future renewals, and you keep full access until the end of the period you have already paid for. Afterwards, your account returns to the free tier, with your profile and posts intact.

### I am a complete beginner. Is Sanctuary for me?

Absolutely. Many members start with no experience at all, and the community is happy to answer beginner questions. Intermediate and advanced practitioners are just as welcome.

### Which languages are available?

Sanctuary is available in 15 languages. Switch at any time with the language button at the bottom-left of the screen, or choose a language in [settings](/settings).

### How do I change my display name or profile link?

Open [settings](/settings). There you can change your display name, your profile link, your biography and your avatar. If you change your profile link, the old link stops working, so update it anywhere you have shared it.

### I forgot my password. What do I do?

On the [sign-in page](/auth), choose "Forgot your password?" and enter your e-mail address. We will send you a link to choose a new one; it works once and expires after 60 minutes.

### How do levels and XP work?

You earn experience points (XP) by taking part in the community. Every 1,000 XP moves you up one level, and your [profile](/profile) shows your progress. Your rank grows from initiate to adept, magus and archon. The headmaster rank is given by the Sanctuary team.

### Who can see my posts?

Discussions, replies and profiles can be read by anyone who visits Sanctuary, including search engines, unless the team has turned on members-only reading: then visitors see only the titles of discussions. Only members can post. Your e-mail address is never shown to other members, and direct messages are seen only by you and the member you write to. Read the [privacy policy](/privacy) for how we handle your data.

### Can I delete my account or export my data?

Yes. You can ask us to access, correct, export or delete your personal data at any time. Contact us through the [help center](/help).

### How do I report a post or a member?

Contact the team with the **Customer Support** button at the top of any page. Include a link to the post or profile and a short note explaining the problem. Reports are confidential, and our moderators review every one. The [community guidelines](/help/guidelines) explain what is and is not allowed.

### Is the content here medical or professional advice?

No. Spiritual and occult content is shared for education and personal exploration. It is not medical, psychological, legal or financial advice. See the [terms of service](/terms).

### How do I contact support?

Use the **Customer Support** button at the top of any page, or visit the [help center](/help). Write from the e-mail address linked to your account so we can help you quickly.
`;

const INFO_PAGES = [
  { slug: "about", title: "About Sanctuary", body: ABOUT },
  { slug: "privacy", title: "Privacy Policy", body: PRIVACY },
  { slug: "terms", title: "Terms of Service", body: TERMS },
  { slug: "refunds", title: "Refund Policy", body: REFUNDS },
  { slug: "help", title: "Help Center", body: HELP },
  { slug: "help-guidelines", title: "Community Guidelines", body: GUIDELINES },
  { slug: "faq", title: "Frequently Asked Questions", body: FAQ },
];

export const SEED_PAGES: SeedPage[] = [
  ...INFO_PAGES.map((page) => ({ ...page, kind: "info" as const, landing: null })),
  ...SEED_LANDINGS.map((page) => ({
    slug: page.slug,
    kind: "landing" as const,
    title: page.title,
    body: landingText(page.landing),
    landing: page.landing,
  })),
];
