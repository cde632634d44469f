/** Japanese: the Pricing and Unregister pages (namespace `pages`) and the error screens (`errorPages`). */
import type { Catalogue } from '../../catalogue';

export const pages: Catalogue['pages'] = {
  pricing: {
    title: '料金',
    intro:
      'VPN には作成時にピーナッツを割り当て、使い切ると終了します。ピーナッツはサーバー時間とネットワーク通信量の支払いに使われます。サブスクリプションはありません。',
    estimates: '推定期間はリージョンによって異なるため、目安です。',
  },
  unregister: {
    title: '退会',
    warning:
      'アカウントが削除されます！元に戻すことはできません。本当に実行してよいか、よく確認してください。',
    deregisteredTitle: '退会しました',
    deregisteredText: 'アカウントを削除しました。ご質問があればお問い合わせください。',
    contactUs: 'お問い合わせ',
    confirmTitle: 'アカウントを削除しますか？',
    confirmOk: 'アカウントを削除',
    cancel: 'キャンセル',
    button: 'アカウントを削除',
    authenticate: 'サインインしてください',
  },
};

export const errorPages: Catalogue['errorPages'] = {
  notFound: {
    title: 'ページが見つかりません',
    description:
      '申し訳ありません。こちらの問題です。お探しのページは存在しないか、当サイトのリンクが壊れています。',
    help: '修正のため<issue>問題を報告</issue>していただくか、<home>ホームページ</home>に戻る、<faq>FAQ</faq> を見る、または<contact>お問い合わせ</contact>ください。',
  },
  chunk: {
    title: 'モジュールの読み込みに失敗しました（ChunkLoadError）',
    description:
      'アプリの一部をダウンロードできませんでした。ネットワークの障害か、新しいバージョンが公開された直後です。ページを再読み込みしてください。',
    reload: '再読み込み',
  },
  unexpected: { title: '予期しないアプリケーションエラー！', back: 'ホームに戻る' },
  boot: {
    title: 'Peanut VPN を起動できませんでした',
    description: 'アプリの設定（/app-config.json）を読み込めませんでした: {{reason}}',
    reload: '再読み込み',
  },
};
