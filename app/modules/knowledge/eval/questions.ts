/*
 * The guide's evaluation set (decision 060): questions as visitors type them into the chat, each
 * with the sources that answer it, written against what the first start seeds (the pages, the
 * demo discussions, the starter library). `expected` lists acceptable sources: a path (a hit
 * matches when its url, without the anchor, equals it or starts with it followed by `?`/`#`), or
 * `article:<slug>` for a library article (its url holds the generated id).
 */

export interface EvalQuestion {
  q: string;
  lang: string;
  expected: string[];
}

const FAQ = "/faq";
const REFUNDS = "/refunds";
const HELP = "/help";
const GUIDE = "/help/guidelines";
const PRIVACY = "/privacy";
const TERMS = "/terms";
const ABOUT = "/about";
const TAROT = "/discussions/choosing-your-first-tarot-deck";
const GROUNDING = "/discussions/a-five-minute-grounding-practice-for-busy-mornings";
const JOURNAL = "/discussions/keeping-a-ritual-journal-that-you-will-actually-reread";
const HERMETIC = "/discussions/study-circle-the-seven-hermetic-principles";
const OSAKA = "/discussions/hello-from-osaka";
const GOETIA = "article:ars-goetia";
const ELENTHOS = "article:elenthos-communion";

export const EVAL_QUESTIONS: readonly EvalQuestion[] = [
  // English
  { lang: "en", q: "Is Sanctuary free to join?", expected: [FAQ, ABOUT] },
  { lang: "en", q: "do I need a credit card to sign up", expected: [FAQ] },
  { lang: "en", q: "What do I get with full membership?", expected: [FAQ, ABOUT, HELP] },
  { lang: "en", q: "Can I get my money back?", expected: [REFUNDS, FAQ] },
  { lang: "en", q: "how long is the money-back guarantee", expected: [REFUNDS, FAQ] },
  { lang: "en", q: "How do I cancel my membership?", expected: [FAQ, REFUNDS, HELP] },
  { lang: "en", q: "If I cancel do I lose access right away?", expected: [REFUNDS, FAQ] },
  { lang: "en", q: "are renewal payments refunded", expected: [REFUNDS] },
  { lang: "en", q: "I was charged twice, what should I do?", expected: [REFUNDS] },
  { lang: "en", q: "partial refund for unused months", expected: [REFUNDS] },
  { lang: "en", q: "How long does a refund take to arrive on my card?", expected: [REFUNDS] },
  { lang: "en", q: "I'm a total beginner, is this site for me?", expected: [FAQ, ABOUT] },
  { lang: "en", q: "Which languages does the site support?", expected: [FAQ] },
  { lang: "en", q: "how do I switch the language", expected: [FAQ] },
  { lang: "en", q: "How can I change my display name?", expected: [FAQ, HELP] },
  { lang: "en", q: "change my profile link", expected: [FAQ, HELP] },
  { lang: "en", q: "I forgot my password", expected: [FAQ, HELP] },
  { lang: "en", q: "How long is the password reset link valid?", expected: [FAQ] },
  { lang: "en", q: "How do levels and XP work?", expected: [FAQ, HELP] },
  { lang: "en", q: "how many XP do I need for the next level", expected: [FAQ, HELP] },
  { lang: "en", q: "Who can read my posts?", expected: [FAQ, PRIVACY] },
  { lang: "en", q: "Can I delete my account?", expected: [FAQ, PRIVACY] },
  { lang: "en", q: "export my personal data", expected: [FAQ, PRIVACY] },
  { lang: "en", q: "How do I report a member who is harassing me?", expected: [FAQ, GUIDE] },
  { lang: "en", q: "Is this medical advice?", expected: [FAQ, TERMS] },
  { lang: "en", q: "How do I contact support?", expected: [FAQ, HELP] },
  { lang: "en", q: "Do you sell my data?", expected: [PRIVACY] },
  { lang: "en", q: "what cookies do you use", expected: [PRIVACY] },
  { lang: "en", q: "how long do you keep my information", expected: [PRIVACY] },
  { lang: "en", q: "who processes my card payments", expected: [PRIVACY, TERMS] },
  { lang: "en", q: "What are the community guidelines?", expected: [GUIDE] },
  { lang: "en", q: "Am I allowed to promote my own shop?", expected: [GUIDE] },
  { lang: "en", q: "can I give advice about stopping medication", expected: [GUIDE, FAQ] },
  { lang: "en", q: "should I cite sources when I quote a book", expected: [GUIDE] },
  { lang: "en", q: "when do I need a content warning", expected: [GUIDE] },
  { lang: "en", q: "what happens if someone breaks the rules", expected: [GUIDE, TERMS] },
  { lang: "en", q: "can I share screenshots of private messages", expected: [GUIDE] },
  { lang: "en", q: "Who owns the content I post?", expected: [TERMS] },
  { lang: "en", q: "can my account be terminated", expected: [TERMS] },
  { lang: "en", q: "minimum age to create an account", expected: [TERMS] },
  { lang: "en", q: "What is Sanctuary about?", expected: [ABOUT] },
  { lang: "en", q: "what are your values", expected: [ABOUT] },
  { lang: "en", q: "how do I get started on the site", expected: [HELP, ABOUT] },
  { lang: "en", q: "where do I find the discussions", expected: [HELP] },
  { lang: "en", q: "How do I keep my account secure?", expected: [HELP] },
  { lang: "en", q: "Which tarot deck should a beginner buy?", expected: [TAROT] },
  { lang: "en", q: "Is the Rider-Waite deck good to start with?", expected: [TAROT] },
  { lang: "en", q: "a quick grounding exercise for the morning", expected: [GROUNDING] },
  { lang: "en", q: "breathing technique to ground myself before work", expected: [GROUNDING] },
  { lang: "en", q: "How should I structure a ritual journal?", expected: [JOURNAL] },
  { lang: "en", q: "what to write in my magical diary after a ritual", expected: [JOURNAL] },
  { lang: "en", q: "Is there a study group on the Hermetic principles?", expected: [HERMETIC] },
  { lang: "en", q: "principle of mentalism study circle", expected: [HERMETIC] },
  { lang: "en", q: "new member from Japan introducing myself", expected: [OSAKA] },
  { lang: "en", q: "How many spirits are in the Ars Goetia?", expected: [GOETIA] },
  { lang: "en", q: "What is the Lesser Key of Solomon?", expected: [GOETIA] },
  { lang: "en", q: "ranks of the goetic spirits kings dukes princes", expected: [GOETIA] },
  { lang: "en", q: "What do I need for an Elenthos communion?", expected: [ELENTHOS] },
  { lang: "en", q: "how do I do the three breaths", expected: [ELENTHOS] },
  { lang: "en", q: "how to close the circle after a communion", expected: [ELENTHOS] },
  { lang: "en", q: "gazing at a candle reflected in a bowl of water", expected: [ELENTHOS] },
  { lang: "en", q: "should I blow out the candle at the end", expected: [ELENTHOS] },
  { lang: "en", q: "what does the demon Bael teach", expected: [GOETIA] },
  // Other languages: the content is English, so these measure what crosses languages.
  { lang: "es", q: "¿Cómo cancelo mi membresía?", expected: [FAQ, REFUNDS, HELP] },
  { lang: "es", q: "¿Hay garantía de devolución de dinero?", expected: [REFUNDS, FAQ] },
  { lang: "es", q: "¿Qué baraja de tarot Rider-Waite debo comprar?", expected: [TAROT] },
  { lang: "fr", q: "Comment annuler mon abonnement ?", expected: [FAQ, REFUNDS, HELP] },
  { lang: "fr", q: "J'ai oublié mon mot de passe", expected: [FAQ, HELP] },
  { lang: "fr", q: "Combien d'esprits dans l'Ars Goetia ?", expected: [GOETIA] },
  { lang: "de", q: "Wie kündige ich meine Mitgliedschaft?", expected: [FAQ, REFUNDS, HELP] },
  { lang: "de", q: "Welche Sprachen gibt es?", expected: [FAQ] },
  { lang: "de", q: "Elenthos Kommunion Kerze und Wasser", expected: [ELENTHOS] },
  { lang: "it", q: "Come posso ottenere un rimborso?", expected: [REFUNDS, FAQ] },
  { lang: "it", q: "Quale mazzo di tarocchi Rider-Waite per principianti?", expected: [TAROT] },
  { lang: "pt", q: "Como altero meu nome de exibição?", expected: [FAQ, HELP] },
  { lang: "pt", q: "O Sanctuary é gratuito?", expected: [FAQ, ABOUT] },
  { lang: "ru", q: "Как отменить подписку?", expected: [FAQ, REFUNDS, HELP] },
  { lang: "ru", q: "Ars Goetia семьдесят два духа", expected: [GOETIA] },
  { lang: "nl", q: "Hoe kan ik mijn account verwijderen?", expected: [FAQ, PRIVACY] },
  { lang: "pl", q: "Jak zgłosić posta lub członka?", expected: [FAQ, GUIDE] },
  { lang: "tr", q: "Şifremi unuttum, ne yapmalıyım?", expected: [FAQ, HELP] },
  { lang: "ja", q: "メンバーシップを解約するには？", expected: [FAQ, REFUNDS, HELP] },
  { lang: "ja", q: "Osakaからの自己紹介", expected: [OSAKA] },
  { lang: "zh", q: "如何取消会员资格？", expected: [FAQ, REFUNDS, HELP] },
  { lang: "ko", q: "비밀번호를 잊어버렸어요", expected: [FAQ, HELP] },
  { lang: "ar", q: "كيف ألغي عضويتي؟", expected: [FAQ, REFUNDS, HELP] },
  { lang: "hi", q: "मैं अपनी सदस्यता कैसे रद्द करूं?", expected: [FAQ, REFUNDS, HELP] },
];

/** Questions the site has nothing on: the guide must say so (below the answer threshold). */
export const OFF_TOPIC_QUESTIONS: readonly string[] = [
  "What is the capital of Australia?",
  "best pizza recipe with pineapple",
  "how do I fix my car's transmission",
  "xylophone quokka zeppelin",
  "who won the football world cup in 1998",
  "Wie repariere ich mein Fahrrad?",
];
