#pragma once

#include <QApplication>

#include <memory>

namespace trainplan::report {

// Rendering charts needs a QApplication. Returns a new one (owned by the caller) when none exists,
// created on the offscreen platform when there is no display (QT_QPA_PLATFORM unset and neither
// DISPLAY nor WAYLAND_DISPLAY set); returns nullptr when the process already has one. Throws
// std::runtime_error when an application exists but is not a QApplication.
[[nodiscard]] std::unique_ptr<QApplication> ensureApplication();

} // namespace trainplan::report
