/** Japanese: the contribute and make-money pages (namespaces `contribute`, `makeMoney`). */
import type { Catalogue } from '../../catalogue';

export const contribute: Catalogue['contribute'] = {
  title: '貢献する',
  intro:
    'Peanut VPN はオープンソースであり、バグ報告、アイデア、プルリクエストのひとつひとつで良くなっていきます。参加方法は次のとおりです。',
  sections: {
    report: {
      title: '問題を報告する',
      body: 'バグ、わかりにくいページ、足りない機能を見つけましたか？<tracker>Issue トラッカー</tracker>で Issue を作成してください。まず<issue>報告のガイドライン</issue>をお読みください。問題を再現できるよう、何を書けばよいかを説明しています。',
    },
    welcome: {
      title: '協力を歓迎している分野',
      body: '製品のあらゆる部分で貢献を受け付けています。',
    },
    web: {
      title: 'ウェブフロントエンド',
      body: 'シングルページアプリ（React、Ant Design、Redux Toolkit、redux-saga）。アクセシビリティ、モバイルレイアウト、翻訳、わかりやすいページづくりは、最初の貢献に最適です。',
    },
    cli: {
      title: 'CLI',
      body: 'コマンドラインツール <code>peanut</code>：新しいコマンド、より良いヘルプと使用例、シェル補完、より多くのプラットフォーム向けのパッケージ。現在の機能は <cli>CLI ドキュメント</cli>をご覧ください。',
    },
    library: {
      title: 'ライブラリ',
      body: 'TypeScript SDK と共有ドメインコード：API 呼び出し、リトライ、VPN の状態の待機、検証、ピーナッツの計算。他の言語向けのバインディングも歓迎します。',
    },
    backend: {
      title: 'バックエンド',
      body: 'API サーバー、ID プロバイダー、課金と計測、そして WireGuard サーバーを作成・破棄するプロビジョナー。より多くのクラウドプロバイダー向けのプロビジョナーが、最大の未着手の課題です。',
    },
    code: {
      title: 'コードを入手する',
      body: 'プロジェクトのオープンソース化は 2024 年に予定されており、現在ソースコードは Apache License 2.0 の下で <repository>{{repositoryUrl}}</repository> に公開されています。テストを実行し、http://localhost:8080 でローカルインスタンスを起動するには：',
      after:
        '小さな修正は直接プルリクエストを送ってください。大きな変更の場合は、進め方を相談できるよう、まず Issue を作成してください。',
    },
  },
};

export const makeMoney: Catalogue['makeMoney'] = {
  title: '収入を得る',
  intro:
    'Peanut VPN はセルフホストできます。これを使って独自の VPN レンタルサービスを運営し、お客様の支払いを収益にできます。',
  sections: {
    run: {
      title: '独自のサービスを運営する',
      body: 'Peanut VPN を動かすものはすべて Apache License 2.0 の下でオープンソースになっており、ライセンスと表示を残す限り商用利用が認められています。同じサービスを、独自の名前、独自のリージョン、独自の価格で運営できます。',
      body2:
        'まずは 1 台のマシンから始めましょう。<repository>ソースコード</repository>をチェックアウトしたディレクトリで次のコマンドを実行すると、ウェブアプリ、API、ID プロバイダー、シミュレーションの VPN サーバーが http://localhost:8080 で起動します。',
    },
    production: {
      title: '本番環境への移行',
      items: {
        database:
          '<code>DATABASE_URL</code> を、組み込みのデータベースではなく PostgreSQL データベースに向けます。',
        stripe:
          '決済用に Stripe アカウントを接続して <code>STRIPE_WEBHOOK_SECRET</code> を設定し、独自のピーナッツパックと価格を設定します。',
        identity: '組み込みの ID プロバイダーか、AWS Cognito ユーザープールを使用します。',
        servers:
          'シミュレーションのプロビジョナーを実際の WireGuard サーバーに置き換え、規模の拡大に合わせて、同じデータベース上で複数の API プロセスとワーカープロセスを実行します。',
      },
    },
    help: {
      title: 'サポートを受ける',
      body: 'サービスの構築、リージョンの選択、価格設定でお悩みですか？<contact>お問い合わせ</contact>ください。立ち上げを喜んでお手伝いします。',
    },
  },
};
