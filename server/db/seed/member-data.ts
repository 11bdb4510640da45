import type { SurveyQuestion } from '../../../contract/index.ts';

/** The entry survey every new member answers before paid-member pages (spec §2, §4). */
export const entrySurvey = {
  id: 'pre-2026',
  kind: 'pre' as const,
  titleEn: 'Tell us how you like to sip',
  titleZh: '告訴我們你的品飲喜好',
  questions: [
    {
      QuestionID: 'drinks',
      Type: 'Checkbox',
      Required: true,
      Title: { en: 'What do you enjoy?', zh: '你喜歡甚麼？' },
      Options: [
        { OptionID: 'tea', Label: { en: 'Tea', zh: '茶' } },
        { OptionID: 'coffee', Label: { en: 'Coffee', zh: '咖啡' } },
        { OptionID: 'incense', Label: { en: 'Incense', zh: '香品' } },
        { OptionID: 'spirits', Label: { en: 'Spirits', zh: '酒類' } },
      ],
    },
    {
      QuestionID: 'frequency',
      Type: 'Radio',
      Required: true,
      Title: { en: 'How often do you take time to taste?', zh: '你多久會花時間細味品嚐？' },
      Options: [
        { OptionID: 'daily', Label: { en: 'Every day', zh: '每天' } },
        { OptionID: 'weekly', Label: { en: 'A few times a week', zh: '每星期數次' } },
        { OptionID: 'occasionally', Label: { en: 'Now and then', zh: '間中' } },
      ],
    },
    {
      QuestionID: 'flavours',
      Type: 'Checkbox',
      Required: false,
      Title: { en: 'Which flavours draw you in?', zh: '哪些風味最吸引你？' },
      Options: [
        { OptionID: 'floral', Label: { en: 'Floral', zh: '花香' } },
        { OptionID: 'fruity', Label: { en: 'Fruity', zh: '果香' } },
        { OptionID: 'nutty', Label: { en: 'Nutty', zh: '堅果' } },
        { OptionID: 'smoky', Label: { en: 'Smoky', zh: '煙燻' } },
        { OptionID: 'earthy', Label: { en: 'Earthy', zh: '泥土' } },
      ],
    },
    {
      QuestionID: 'note',
      Type: 'Text',
      Required: false,
      Title: { en: 'Anything else we should know?', zh: '還有其他想告訴我們的嗎？' },
      Options: [],
    },
  ] satisfies SurveyQuestion[],
};

/** A demo member for trying the shop: README lists the sign-in. */
export const demoMember = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'demo@sipandgather.hk',
  password: 'SipGather2026',
  givenName: 'Mei',
  familyName: 'Chan',
  name: 'mei_sips',
};
