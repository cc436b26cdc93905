#include <trainplan/ui/error_text.h>

#include <trainplan/store/store_error.h>
#include <trainplan/ui/advisor_text.h>

namespace trainplan::ui {

std::string errorText(const std::exception& e) {
    if (const auto* storeError = dynamic_cast<const store::StoreError*>(&e))
        return storeError->textIn(advisorLanguage());
    return e.what();
}

QString errorQText(const std::exception& e) {
    return QString::fromStdString(errorText(e));
}

} // namespace trainplan::ui
