import type { TranslationMessages } from 'ra-core';
import packageModule from '@bicstone/ra-language-japanese';

/**
 * react-admin UI messages — Japanese: @bicstone/ra-language-japanese 5.12.1 (the react-admin 5
 * build of ra-language-japanese) with, on top, only what it lacks against react-admin 5.15's key
 * set (ra-language-english 5.15.4) and the few messages below it gets wrong for react-admin 5.15.
 * tests/console/i18n.test.ts checks the result key for key and placeholder for placeholder.
 */

type Tree = { [key: string]: string | Tree };

// The package is CommonJS with `exports.default`: Vite and Vitest hand over the messages, Node's
// own ESM loader (tsx: the server imports i18n/ja.ts) the exports object around them.
const packageMessages = ('ra' in packageModule ? packageModule : (packageModule as unknown as { default: Tree }).default) as Tree;

const overrides: Tree = {
    ra: {
        action: {
            // Two forms (one |||| many), as the console's plural rule and tests/console/i18nSplit.test.ts expect; the package has one.
            bulk_actions: '1 件選択中 |||| %{smart_count} 件選択中',
        },
        page: {
            // react-admin 5 titles a record by its recordRepresentation; the package still shows "#<id>".
            edit: '%{name} %{recordRepresentation}',
            // As edit.
            show: '%{name} %{recordRepresentation}',
        },
        message: {
            // The package asks without naming the record (react-admin 5 passes %{recordRepresentation}).
            bulk_update_content:
                '%{name} %{recordRepresentation}を更新しますか？ |||| 選択した %{smart_count}件のアイテムを更新しますか？',
            // As bulk_update_content.
            bulk_update_title: '%{name} %{recordRepresentation}を更新 |||| %{name} %{smart_count}件を更新',
            // The package's "削除しますか？" does not say what is deleted.
            delete_content: 'この%{name}を削除しますか？',
            // The package still shows "#<id>" instead of the recordRepresentation.
            delete_title: '%{name} %{recordRepresentation} を削除',
        },
        navigation: {
            // The package leaves out which records (%{name}) were not found.
            no_filtered_results: '現在の検索条件では%{name}が見つかりませんでした',
            // As no_filtered_results.
            no_results: '%{name}が見つかりませんでした',
            // The package drops the "of more than %{offsetEnd}" that tells a list of unknown total.
            partial_page_range_info: '%{offsetBegin} - %{offsetEnd} / %{offsetEnd}件以上',
        },
        sort: {
            // react-admin 5's placeholder is %{field_lower_first} (the package's %{field} is the older name).
            sort_by: '%{field_lower_first}を%{order}で並び替える',
        },
        validation: {
            // Missing from the package (react-admin 5.x added it).
            unique: '一意の値である必要があります',
        },
        guesser: {
            // Missing from the package (react-admin 5.x added it).
            empty: {
                title: '表示するデータがありません',
                message: 'データプロバイダー (dataProvider) を確認してください',
            },
        },
    },
};

/** `base` with `over` laid on key by key; neither is changed. */
function overlay(base: Tree, over: Tree): Tree {
    const out: Tree = { ...base };
    for (const [key, value] of Object.entries(over)) {
        const below = out[key];
        out[key] = typeof value === 'object' && typeof below === 'object' ? overlay(below, value) : value;
    }
    return out;
}

const jaMessages = overlay(packageMessages, overrides) as TranslationMessages;

export default jaMessages;
