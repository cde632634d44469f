/** Japanese: the support and issue pages (namespaces `support`, `issue`). */
import type { Catalogue } from '../../catalogue';

export const support: Catalogue['support'] = {
  title: 'サポート',
  intro: 'Peanut VPN でお困りですか？まずはこちらをご覧ください。',
  sections: {
    faq: {
      title: 'よくある質問',
      body: '<faq>よくある質問</faq>では、WireGuard のインストールと接続の方法、ピーナッツがなくなったときどうなるか、接続できないトンネルの直し方など、ほとんどの質問にお答えしています。その他については<doc>ドキュメント</doc>と <cli>CLI ドキュメント</cli>をご覧ください。',
    },
    contact: {
      title: 'お問い合わせ',
      body: 'アカウント、お支払い、VPN に関するご質問は、<contact>お問い合わせフォーム</contact>からお送りください。VPN に関する場合は VPN の ID を記載してください。',
    },
    tracker: {
      title: 'Issue トラッカー',
      body: 'バグ報告や機能の要望は、プロジェクトの公開<tracker>Issue トラッカー</tracker>へお寄せください。<issue>問題の報告方法</issue>もご覧ください。',
    },
  },
};

export const issue: Catalogue['issue'] = {
  title: '問題を報告',
  intro:
    'バグ報告と機能の要望は、プロジェクトの公開 Issue トラッカーでオープンに管理されています。',
  sections: {
    faq: {
      title: 'まずよくある質問をお読みください',
      body: 'ハンドシェイクのないトンネル、Provisioning のまま進まない VPN、消えた VPN など、多くの問題は<faq>よくある質問</faq>、特に<troubleshoot>トラブルシューティング</troubleshoot>の項で回答しています。',
    },
    search: {
      title: '既存の Issue を検索する',
      body: 'Issue は公開のコードホスティングサービス <tracker>{{issuesUrl}}</tracker> で管理されています。新しい Issue を作成する前に検索してください。同じ問題がすでにある場合は、わかっていることを追記してください。',
    },
    write: {
      title: '良い Issue の書き方',
      items: {
        what: '行った操作、期待した結果、実際に起きたこと',
        vpn: 'VPN に関する場合は、その VPN の ID とリージョン',
        versions: 'OS、ブラウザまたは CLI のバージョン、WireGuard のバージョン',
        error: '正確なエラーメッセージ（テキストとしてコピーしたもの）',
      },
    },
    secrets: {
      title: '秘密情報を書かない',
      body: 'Issue は公開されます。設定ファイル、秘密鍵、パスワード、トークンは絶対に貼り付けないでください。セキュリティ上の脆弱性は、Issue ではなく <supportMail>{{supportEmail}}</supportMail> へ非公開でご報告ください。',
    },
  },
};
