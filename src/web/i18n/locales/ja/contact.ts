/** Japanese: the contact page (namespace `contact`). */
import type { Catalogue } from '../../catalogue';

export const contact: Catalogue['contact'] = {
  title: 'お問い合わせ',
  intro:
    'お問い合わせの前に、<faq>よくある質問</faq>で答えが見つかるかもしれません。設定ファイル、鍵、パスワードはメールで送らないでください。',
  sections: {
    email: {
      title: 'メール',
      items: {
        support:
          'アカウント、お支払い、VPN に関するサポート：<supportMail>{{supportEmail}}</supportMail>',
        general:
          'その他（提携やセルフホスティングなど）：<generalMail>{{generalEmail}}</generalMail>',
      },
    },
    message: { title: 'メッセージを送る' },
  },
  form: {
    label: 'お問い合わせフォーム',
    email: 'メールアドレス',
    emailRequired: 'メールアドレスを入力してください',
    emailInvalid: '有効なメールアドレスを入力してください',
    emailPlaceholder: 'you@example.com',
    subject: '件名',
    subjectRequired: '件名を入力してください',
    message: 'メッセージ',
    messageRequired: 'メッセージを入力してください',
    help: 'メールアプリが開き、送信できる状態のメッセージが作成されます。',
    submit: 'メールを作成',
    replyTo: '返信先：{{email}}',
  },
};
